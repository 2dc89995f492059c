import { describe, expect, it } from 'vitest';
import { classifyUpload, cleanFilename, displayFilename } from './attachments.rules';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('attachment types', () => {
  it('accepts what the bytes and the extension agree on', () => {
    expect(classifyUpload('plan.PDF', bytes('%PDF-1.4'), 'application/pdf')).toEqual({
      ok: true,
      mime: 'application/pdf',
    });
    expect(classifyUpload('foto.jpeg', bytes('x'), 'image/jpeg')).toEqual({
      ok: true,
      mime: 'image/jpeg',
    });
    expect(classifyUpload('stary.doc', bytes('x'), 'application/x-cfb')).toEqual({
      ok: true,
      mime: 'application/msword',
    });
    expect(classifyUpload('poznamky.txt', bytes('Kúpeľňa 6 m²\n'), undefined)).toEqual({
      ok: true,
      mime: 'text/plain',
    });
    expect(
      classifyUpload(
        'nakres.svg',
        bytes('<?xml version="1.0"?>\n<svg xmlns="x"/>'),
        'application/xml',
      ),
    ).toEqual({
      ok: true,
      mime: 'image/svg+xml',
    });
  });

  it('refuses a program dressed up as a picture, and a type we do not take', () => {
    expect(classifyUpload('foto.jpg', bytes('MZ'), 'application/x-msdownload')).toEqual({
      ok: false,
      reason: 'unsupported_file_type',
    });
    expect(classifyUpload('plan.jpg', bytes('%PDF'), 'application/pdf')).toEqual({
      ok: false,
      reason: 'file_type_mismatch',
    });
    expect(classifyUpload('text.svg', bytes('just words'), undefined)).toEqual({
      ok: false,
      reason: 'file_type_mismatch',
    });
    expect(classifyUpload('binary.txt', new Uint8Array([0, 1, 2, 3]), undefined)).toEqual({
      ok: false,
      reason: 'unsupported_file_type',
    });
    expect(classifyUpload('empty.txt', new Uint8Array(), undefined)).toEqual({
      ok: false,
      reason: 'empty_file',
    });
  });
});

describe('file names', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\jan\\plán kúpeľne.pdf', 'plán kúpeľne.pdf'],
    ['.htaccess', 'htaccess'],
    ['zlý"názov<script>.txt', 'zlýnázovscript.txt'],
    ['a\u0000b\u001f.txt', 'ab.txt'],
    // Shown right to left, "foto\u202Egpj.exe" reads as "fotoexe.jpg".
    ['foto\u202Egpj.exe', 'fotogpj.exe'],
    ['faktúra\u2066\u2067\u2068\u2069\u202A\u202B\u202C\u202D.pdf', 'faktúra.pdf'],
    ['\u200Eplán\u200F\u061C.pdf', 'plán.pdf'],
    ['a\u0085b\u009f\u007f\u2028\u2029\uFEFF.txt', 'ab.txt'],
    ['\u202E\u202E', 'file'],
    ['', 'file'],
  ])('cleans %j to %j', (raw, clean) => {
    expect(cleanFilename(raw)).toBe(clean);
  });

  it('keeps letters of every script, only dropping what could spoof the name', () => {
    expect(cleanFilename('Смета ремонта 2026.pdf')).toBe('Смета ремонта 2026.pdf');
    expect(cleanFilename('تصميم.png')).toBe('تصميم.png');
  });

  it('shows a name stored before the cleaning without its bidirectional controls', () => {
    expect(displayFilename('foto\u202Egpj.exe')).toBe('fotogpj.exe');
    expect(displayFilename('plán kúpeľne.pdf')).toBe('plán kúpeľne.pdf');
  });

  it('keeps the extension when shortening a long name', () => {
    const name = cleanFilename(`${'x'.repeat(300)}.docx`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('shortens a name of emoji by whole characters, never leaving half of one', () => {
    const name = cleanFilename(`${'🔧'.repeat(150)}.png`);
    expect(Array.from(name)).toHaveLength(120);
    expect(name).toBe(`${'🔧'.repeat(116)}.png`);
    expect(name.isWellFormed()).toBe(true);
  });
});
