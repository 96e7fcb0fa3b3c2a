// Global set-up of the integration project: the corpus's long recordings cut short, once (corpus.ts).
import { cutLongRecordings } from './corpus';

export default async function setup(): Promise<void> {
  await cutLongRecordings();
}
