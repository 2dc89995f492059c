import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Field rules of spec core §5, written once for the server and the forms. Messages are stable
 * keys: the browser translates them (namespace `validation`), the server explains them in English.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  name_length: 'Name must be 2 to 100 characters long.',
  email_invalid: 'Enter a valid email address.',
  password_length: 'Password must be at least 8 characters long.',
  password_uppercase: 'Password must contain an uppercase letter.',
  password_lowercase: 'Password must contain a lowercase letter.',
  password_digit: 'Password must contain a digit.',
  password_common: 'This password is too common. Choose one that is harder to guess.',
  passwords_mismatch: 'Passwords do not match.',
  phone_invalid: 'Invalid phone format. Use e.g. +421 123 456 789.',
  phone_profile_invalid:
    'Phone may contain only a plus sign, digits and spaces, e.g. +421 123 456 789.',
  subject_length: 'Subject must be 5 to 200 characters long.',
  message_length: 'Message must be 10 to 2000 characters long.',
  language_invalid: 'Unknown language.',
  role_invalid: 'Choose client or provider.',
  too_long: 'This text is too long.',
  title_length: 'Title must be 5 to 200 characters long.',
  description_length: 'Description must be 10 to 2000 characters long.',
  category_required: 'Choose a category.',
  deadline_invalid: 'Enter a valid date.',
  deadline_past: 'The deadline cannot be in the past.',
  amount_invalid: 'Enter a price of at least €0.01.',
  amount_too_high: 'The price may be at most 1 000 000 €.',
  amount_decimals: 'The price may have at most two decimals.',
  bid_description_length: 'Details must be 10 to 1000 characters long.',
  bid_lines_limit: 'A bid may have at most 20 lines.',
  line_label_length: 'Each line needs a name of 1 to 120 characters.',
  line_quantity_invalid: 'Enter a quantity above 0, at most 100 000, with at most two decimals.',
  line_unit_length: 'A unit may be at most 20 characters long.',
  line_unit_price_invalid: 'Enter a unit price from €0 to €1 000 000.',
  bid_total_mismatch: 'The price must equal the total of the lines.',
  valid_until_past: 'The date until which the price holds cannot be in the past.',
  hourly_rate_invalid: 'Enter an hourly rate of 0 or more.',
  experience_invalid: 'Enter whole years from 0 to 100.',
  website_invalid: 'Enter a web address, e.g. elektro-novak.sk or https://elektro-novak.sk.',
  rating_required: 'Choose a star rating.',
  credits_invalid: 'Enter whole credits from 0 to 1 000 000.',
  reason_length: 'The reason must be 3 to 500 characters long.',
  actor_id_invalid: 'Enter a valid actor id (UUID).',
  choice_invalid: 'Choose a value from the list.',
  message_text_length: 'A message must be 1 to 2000 characters long.',
  invalid_ico:
    'Enter a valid company identification number (IČO): 8 digits, the last one a check digit.',
} as const;

export type ValidationMessage = keyof typeof VALIDATION_MESSAGES;

const message = (key: ValidationMessage) => ({ message: key });

export const nameField = z
  .string(message('required'))
  .trim()
  .min(LIMITS.name.min, message('name_length'))
  .max(LIMITS.name.max, message('name_length'));

export const emailField = z
  .string(message('required'))
  .trim()
  .min(1, message('required'))
  .max(254, message('email_invalid'))
  .pipe(z.email(message('email_invalid')));

/** Registration phone: +, 1–4 digits, then digits, spaces, hyphens or parentheses; 8+ characters. */
export const phoneField = z
  .string(message('required'))
  .trim()
  .min(1, message('required'))
  .regex(/^\+\d{1,4}[\d\s\-()]*$/, message('phone_invalid'))
  .min(LIMITS.phone.min, message('phone_invalid'))
  .max(30, message('phone_invalid'));

/** Profile editing accepts only a plus sign, digits and spaces (spec core §5). */
export const profilePhoneField = z
  .string()
  .trim()
  .regex(/^\+[\d\s]+$/, message('phone_profile_invalid'))
  .min(LIMITS.phone.min, message('phone_profile_invalid'))
  .max(20, message('phone_profile_invalid'));

/** An optional text field: empty means "not given". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
