import { describe } from 'vitest';
import { fitsAttachmentNames, fitsEveryPage, setUpPhones } from './phone-widths';

setUpPhones();

describe('phones, for a visitor and a client', () => {
  fitsEveryPage('visitor');
  fitsEveryPage('client');
  fitsAttachmentNames();
});
