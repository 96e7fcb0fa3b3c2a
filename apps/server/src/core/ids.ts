// Random, unguessable ids for tasks, batches, stored files and job folders: 128 bits, URL-safe.
import { randomBytes } from 'node:crypto';

export function newId(): string {
  return randomBytes(16).toString('base64url');
}

const idPattern = /^[A-Za-z0-9_-]{22}$/;

/** Whether text has the shape of an id (checked before it ever touches a path). */
export function isId(text: string): boolean {
  return idPattern.test(text);
}
