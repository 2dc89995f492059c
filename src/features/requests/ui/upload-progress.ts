/**
 * Each file's share (0–1) of an upload that is under way. The files travel in order in one
 * multipart request, after the form's other fields: of the bytes sent so far, the first ones are
 * the fields and the parts' headers, then each file's bytes in turn.
 */
export function perFileProgress(
  files: readonly { size: number }[],
  sent: number,
  total: number,
): number[] {
  const fileBytes = files.reduce((sum, file) => sum + file.size, 0);
  const overhead = total - fileBytes;
  let offset = 0;
  return files.map((file) => {
    const share = Math.min(1, Math.max(0, (sent - overhead - offset) / Math.max(1, file.size)));
    offset += file.size;
    return share;
  });
}
