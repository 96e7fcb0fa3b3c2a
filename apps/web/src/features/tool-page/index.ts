// Public face of the tool-page feature: the layout shared by the downloader and converter pages.
export { ToolCard, ToolPageLayout } from './tool-page-layout';
