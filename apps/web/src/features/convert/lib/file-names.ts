// Names of uploaded and converted files: the extension decides the endpoint and the picker filter,
// and the saved file keeps the original base name with the chosen output extension.

/** The lowercase extension of a file name without its dot, or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

// The saved name follows the server's rule (contracts), so bidi and control characters never survive.
// From its own module: the contracts' index holds the API's schemas, and their library would come
// with it into the converter pages' JavaScript.
export { baseName, downloadName } from '@grabbit/contracts/file-names';
