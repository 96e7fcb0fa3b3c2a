// Names for the parts of the generated `paths` the client's own calls use.
import type { paths } from './schema';

/** The JSON body of a path's successful answer for a method. */
export type AnswerOf<
  Path extends keyof paths,
  Method extends 'get' | 'post',
  Status extends number = 200,
> = paths[Path][Method] extends {
  responses: Record<Status, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

/** The public job of every kind (GET /api/jobs/{jobId}). */
export type Job = AnswerOf<'/api/jobs/{jobId}', 'get'>;
