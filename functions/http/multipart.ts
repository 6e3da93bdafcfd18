import Busboy from 'busboy';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MAX_UPLOAD_FILES, type UploadedFile } from '../../shared/schemas/common.js';
import { MESSAGES } from '../../shared/api/messages.js';
import { InvalidInput } from '../domain/errors.js';
import { rawBody } from './body.js';

/**
 * Its own module, handed to httpHandler only by the groups whose routes take a multipart or public form body
 * (customers, upload, marketing): the other groups' functions do not carry busboy.
 */
export type MultipartParser = typeof parseMultipart;

/** Parses multipart/form-data into files and fields; busboy enforces the size limit as it streams. */
export function parseMultipart(
  event: APIGatewayProxyEventV2,
  maxFileBytes: number,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const contentType = event.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new InvalidInput({ files: MESSAGES.chooseFile }));
  }
  let bb: Busboy.Busboy;
  try {
    bb = Busboy({ headers: { 'content-type': contentType }, limits: { fileSize: maxFileBytes, files: MAX_UPLOAD_FILES, fields: 20, fieldSize: 10_000 } });
  } catch {
    // A multipart type without a usable boundary: busboy cannot even start reading it.
    return Promise.reject(new InvalidInput({ files: MESSAGES.uploadUnreadable }));
  }
  return new Promise((resolve, reject) => {
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    let tooLarge = false;
    bb.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        files.push({
          filename: info.filename ?? 'upload',
          contentType: info.mimeType,
          content: new Uint8Array(Buffer.concat(chunks)),
        });
      });
    });
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('error', () => reject(new InvalidInput({ files: MESSAGES.uploadUnreadable })));
    bb.on('close', () => {
      if (tooLarge) reject(new InvalidInput({ files: MESSAGES.fileTooLarge(`${maxFileBytes / 1_000_000} MB`) }));
      else resolve({ files, fields });
    });
    bb.end(rawBody(event));
  });
}
