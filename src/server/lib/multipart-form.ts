import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { findInvalidText } from './text-input';

/** One uploaded part, read into memory (the parser's size limit keeps it bounded). */
export type MultipartFile = { fileName: string; data: Buffer };

export type MultipartFormOptions = {
  /** The text fields the form may carry, each at most once; any other field is refused. */
  fields: readonly string[];
  /** Per file, in bytes: the parser stops reading past it. */
  maxBytes: number;
  /** How many parts named "file" the form may carry. */
  maxFiles: number;
  /** What each refusal says, in the words of the form's own screen. */
  messages: { notMultipart: string; fileField: string; tooMany: string; tooLarge: string };
  /** Details of the 413, where the form's clients read the limit from it. */
  tooLargeDetails?: unknown;
};

/**
 * Reads a multipart form of text fields and parts named "file" (message attachments, credential documents, campaign
 * assets): unknown or repeated fields are refused, a file past `maxFiles` is refused as soon as it starts (so it is
 * never read into memory), an oversized one with a 413, and the text passes the same rule as JSON bodies (NUL,
 * control characters, invalid Unicode; decision record 018), which the JSON edge check does not see here.
 */
export async function readMultipartForm(request: FastifyRequest, options: MultipartFormOptions): Promise<{ raw: Record<string, string>; files: MultipartFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', options.messages.notMultipart);
  const allowed = new Set(options.fields);
  const raw: Record<string, string> = {};
  const files: MultipartFile[] = [];
  // One file more than allowed may start, so the count is refused with our own message rather than the parser's.
  const parts = request.parts({ limits: { fileSize: options.maxBytes, files: options.maxFiles + 1, fields: allowed.size } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!allowed.has(part.fieldname)) throw new AppError('VALIDATION', `Unexpected field "${part.fieldname.slice(0, 40)}"`);
      if (part.fieldname in raw) throw new AppError('VALIDATION', `The field "${part.fieldname}" is given twice`);
      raw[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw new AppError('VALIDATION', options.messages.fileField);
    if (files.length === options.maxFiles) throw new AppError('VALIDATION', options.messages.tooMany);
    try {
      files.push({ fileName: part.filename, data: await part.toBuffer() });
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', options.messages.tooLarge, options.tooLargeDetails);
      throw error;
    }
  }
  if (findInvalidText(raw, 'body') ?? findInvalidText(files.map((file) => file.fileName), 'files')) {
    throw new AppError('VALIDATION', 'The request contains characters that are not allowed (NUL, control characters or invalid Unicode)');
  }
  return { raw, files };
}

/**
 * The multipart parser's (busboy's) refusals of a malformed body are plain errors known only by their messages: a
 * content type without a boundary, a body that ends inside a part (issue 42). The app answers them 400, not 500.
 */
const MALFORMED_MULTIPART = [/^Multipart: Boundary not found$/, /^Boundary required$/, /unexpected end of multipart data$/i];

export function isMalformedMultipart(error: Error): boolean {
  return MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message));
}
