import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('the download header', () => {
  it('names the file with its UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'plán kúpeľne.pdf')).toBe(
      `attachment; filename="plan kupelne.pdf"; filename*=UTF-8''pl%C3%A1n%20k%C3%BApe%C4%BEne.pdf`,
    );
  });

  it('drops bidirectional controls, so a stored "gpj.exe" cannot show as "exe.jpg"', () => {
    const header = contentDisposition('attachment', 'foto\u202Egpj.exe');
    expect(header).toBe(`attachment; filename="fotogpj.exe"; filename*=UTF-8''fotogpj.exe`);
    expect(header).not.toContain('%E2%80%AE');
  });
});
