// The 21 converter pages: what each accepts, what it converts to, and
// its size limit. The upload endpoint is chosen by kind.

export type ConverterKind = 'image' | 'video' | 'audio';

export interface ConverterPage {
  /** Route segment id: /{id}-converter. */
  id: string;
  kind: ConverterKind;
  /** Short label used in titles and the navigation. */
  label: string;
  /** Extensions (lowercase, no dot) the page accepts. */
  inputs: readonly string[];
  /** Output formats (lowercase), in the order the dropdown lists them; the first is the default. */
  outputs: readonly string[];
  /** Maximum upload size as the pages write it ("50MB", "1GB"). */
  maxSize: string;
}

const videoFormats = ['mp4', 'avi', 'mov', 'webm', 'mkv'] as const;
const videoExtras = ['wmv', 'flv', '3gp', 'm4v'] as const;
const audioFormats = ['mp3', 'wav', 'flac', 'aac', 'ogg'] as const;
const audioExtras = ['m4a', 'wma', 'aiff', 'amr'] as const;

const videoMaxSize: Record<(typeof videoFormats)[number], string> = {
  mp4: '200MB',
  avi: '200MB',
  mov: '200MB',
  webm: '200MB',
  mkv: '1GB',
};
const audioMaxSize: Record<(typeof audioFormats)[number], string> = {
  mp3: '200MB',
  wav: '200MB',
  flac: '100MB',
  aac: '200MB',
  ogg: '200MB',
};

const imagePages: ConverterPage[] = [
  {
    id: 'png',
    kind: 'image',
    label: 'PNG',
    inputs: ['png'],
    maxSize: '50MB',
    outputs: ['jpg', 'jpeg', 'webp', 'gif', 'bmp', 'tiff', 'tga', 'exr', 'ico'],
  },
  {
    id: 'jpeg',
    kind: 'image',
    label: 'JPEG',
    inputs: ['jpg', 'jpeg'],
    maxSize: '50MB',
    outputs: ['png', 'webp', 'gif', 'bmp', 'tiff', 'tga', 'exr', 'ico'],
  },
  {
    id: 'webp',
    kind: 'image',
    label: 'WEBP',
    inputs: ['webp'],
    maxSize: '50MB',
    outputs: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'tga', 'exr', 'ico'],
  },
  {
    id: 'gif',
    kind: 'image',
    label: 'GIF',
    inputs: ['gif'],
    maxSize: '50MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'bmp', 'tiff', 'tga', 'ico'],
  },
  {
    id: 'bmp',
    kind: 'image',
    label: 'BMP',
    inputs: ['bmp'],
    maxSize: '50MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'gif', 'tiff', 'tga', 'ico'],
  },
  {
    id: 'tiff',
    kind: 'image',
    label: 'TIFF',
    inputs: ['tiff', 'tif'],
    maxSize: '25MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'gif', 'bmp', 'tga', 'ico'],
  },
  {
    id: 'tga',
    kind: 'image',
    label: 'TGA',
    inputs: ['tga'],
    maxSize: '50MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'gif', 'bmp', 'tiff', 'ico'],
  },
  {
    id: 'exr',
    kind: 'image',
    label: 'EXR',
    inputs: ['exr'],
    maxSize: '200MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'tiff', 'bmp', 'tga'],
  },
  {
    id: 'heif',
    kind: 'image',
    label: 'HEIF/HEIC',
    inputs: ['heif', 'heic'],
    maxSize: '25MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'bmp', 'tiff'],
  },
  {
    id: 'ico',
    kind: 'image',
    label: 'ICO',
    inputs: ['ico'],
    maxSize: '10MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'bmp', 'tiff', 'gif'],
  },
  {
    id: 'psd',
    kind: 'image',
    label: 'PSD',
    inputs: ['psd'],
    maxSize: '100MB',
    outputs: ['png', 'jpeg', 'jpg', 'webp', 'tiff', 'bmp'],
  },
];

const videoPages: ConverterPage[] = videoFormats.map((format) => ({
  id: format,
  kind: 'video',
  label: format.toUpperCase(),
  inputs: [format],
  maxSize: videoMaxSize[format],
  outputs: [...videoFormats.filter((f) => f !== format), ...videoExtras],
}));

const audioPages: ConverterPage[] = audioFormats.map((format) => ({
  id: format,
  kind: 'audio',
  label: format.toUpperCase(),
  inputs: [format],
  maxSize: audioMaxSize[format],
  outputs: [...audioFormats.filter((f) => f !== format), ...audioExtras],
}));

export const converterPages: readonly ConverterPage[] = [...imagePages, ...videoPages, ...audioPages];

export function converterRoute(page: ConverterPage): string {
  return `/${page.id}-converter`;
}

/** The canonical address of a converter page: /{kind}-converter/{id}. */
export function converterCanonicalPath(page: ConverterPage): string {
  return `/${page.kind}-converter/${page.id}`;
}

export function converterById(id: string): ConverterPage | undefined {
  return converterPages.find((p) => p.id === id);
}

/** Extensions the upload API takes for each kind. */
export const uploadExtensionsByKind: Record<ConverterKind, readonly string[]> = {
  image: [
    'jpg',
    'jpeg',
    'png',
    'webp',
    'gif',
    'bmp',
    'tiff',
    'tif',
    'tga',
    'exr',
    'heif',
    'heic',
    'ico',
    'psd',
  ],
  audio: ['mp3', 'wav', 'aac', 'flac', 'ogg', 'm4a', 'wma', 'aiff', 'amr'],
  video: ['mp4', 'avi', 'mov', 'webm', 'mkv', 'wmv', 'flv', '3gp', 'm4v'],
};

/** MIME types for the picker's accept list and for answers. */
export const mimeByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  tga: 'image/x-tga',
  exr: 'image/x-exr',
  heif: 'image/heif',
  heic: 'image/heic',
  ico: 'image/x-icon',
  psd: 'image/vnd.adobe.photoshop',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  '3gp': 'video/3gpp',
  m4v: 'video/x-m4v',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  wma: 'audio/x-ms-wma',
  aiff: 'audio/aiff',
  amr: 'audio/amr',
};

/**
 * Every extension a page takes: any file its kind's converter reads (an image page any image, a
 * video page any video, an audio page any audio), the page's own formats first.
 */
export function readableInputs(page: ConverterPage): readonly string[] {
  return [...new Set([...page.inputs, ...uploadExtensionsByKind[page.kind]])];
}

/** The kind of converter that reads a file with this extension (lowercase, no dot). */
export function converterKindOf(extension: string): ConverterKind | undefined {
  const kinds = Object.keys(uploadExtensionsByKind) as ConverterKind[];
  return kinds.find((kind) => uploadExtensionsByKind[kind].includes(extension));
}

/** The page to send a file of this extension to: its own format's page, else its kind's first. */
export function converterPageFor(extension: string): ConverterPage | undefined {
  const kind = converterKindOf(extension);
  if (!kind) return undefined;
  const ofKind = converterPages.filter((page) => page.kind === kind);
  return ofKind.find((page) => page.inputs.includes(extension)) ?? ofKind[0];
}

/** The picker's accept attribute: each readable extension and its MIME type, own formats first. */
export function acceptedFileTypes(page: ConverterPage): string {
  const types = readableInputs(page).flatMap((ext) => [`.${ext}`, mimeByExtension[ext] ?? '']);
  return [...new Set(types.filter(Boolean))].join(',');
}
