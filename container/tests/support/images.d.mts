// Typings of images.mjs, for the container tests.
export interface TestImage {
  tag: string;
  dockerfile: string;
}
export declare const baseImage: string;
export declare const testImages: Record<'grabbit' | 'redis' | 's3' | 'debianNode', TestImage>;
export declare function containerEnv(root: string): NodeJS.ProcessEnv;
