import { describe } from 'vitest';
import { fitsEveryPage, setUpPhones } from './phone-widths';

setUpPhones();

describe('phones, for a provider and an administrator', () => {
  fitsEveryPage('provider');
  fitsEveryPage('administrator');
});
