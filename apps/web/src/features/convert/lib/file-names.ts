// Names of uploaded and converted files: the extension decides the endpoint and the picker filter,
// and the saved file keeps the original base name with the chosen output extension.

/** The lowercase extension of a file name without its dot, or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The file name without its last extension (a dot-file keeps its name). */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The name a converted file is saved under: original base name plus the lowercase output extension. */
export function downloadName(originalName: string, outputFormat: string): string {
  return `${baseName(originalName)}.${outputFormat.toLowerCase()}`;
}
