import { describe, expect, it } from 'vitest';
import { perFileProgress } from './upload-progress';

describe('upload progress', () => {
  const files = [{ size: 100 }, { size: 300 }];

  it('fills each file in turn after the form’s own bytes', () => {
    // 50 bytes of fields and headers, then the files' 400.
    expect(perFileProgress(files, 0, 450)).toEqual([0, 0]);
    expect(perFileProgress(files, 100, 450)).toEqual([0.5, 0]);
    expect(perFileProgress(files, 300, 450)).toEqual([1, 0.5]);
    expect(perFileProgress(files, 450, 450)).toEqual([1, 1]);
  });

  it('stays a number for an empty file (which the server refuses anyway)', () => {
    expect(perFileProgress([{ size: 0 }], 10, 10)).toEqual([0]);
  });
});
