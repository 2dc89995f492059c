import { describe, expect, it } from 'vitest';
import { comboboxKey } from './combobox-keys';

const closed = { open: false, active: -1, count: 3 };
const open = (active: number, count = 3) => ({ open: true, active, count });

describe('the place picker’s keys (WAI-ARIA combobox with a list popup)', () => {
  it('opens the list with Down, then walks down the options and back to the typed text', () => {
    expect(comboboxKey(closed, 'ArrowDown')).toEqual({ open: true, active: -1, handled: true });
    expect(comboboxKey(open(-1), 'ArrowDown')).toMatchObject({ open: true, active: 0 });
    expect(comboboxKey(open(1), 'ArrowDown')).toMatchObject({ active: 2 });
    expect(comboboxKey(open(2), 'ArrowDown')).toMatchObject({ active: -1 });
  });

  it('walks up from the text to the last option, and Up on a closed list opens it at the last', () => {
    expect(comboboxKey(open(-1), 'ArrowUp')).toMatchObject({ active: 2, handled: true });
    expect(comboboxKey(open(0), 'ArrowUp')).toMatchObject({ active: -1 });
    expect(comboboxKey(closed, 'ArrowUp')).toEqual({ open: true, active: 2, handled: true });
  });

  it('opens without moving on Alt+Down and closes on Alt+Up', () => {
    expect(comboboxKey(closed, 'ArrowDown', true)).toEqual({
      open: true,
      active: -1,
      handled: true,
    });
    expect(comboboxKey(open(1), 'ArrowUp', true)).toEqual({
      open: false,
      active: -1,
      handled: true,
    });
  });

  it('chooses the active option with Enter, and leaves Enter to the form otherwise', () => {
    expect(comboboxKey(open(1), 'Enter')).toEqual({
      open: false,
      active: -1,
      pick: 1,
      handled: true,
    });
    expect(comboboxKey(open(-1), 'Enter')).toMatchObject({ handled: false });
    expect(comboboxKey(closed, 'Enter')).toMatchObject({ handled: false });
    expect(comboboxKey(open(0, 0), 'Enter')).toMatchObject({ handled: false });
  });

  it('closes an open list with Escape, and clears the text when the list is already closed', () => {
    expect(comboboxKey(open(2), 'Escape')).toEqual({ open: false, active: -1, handled: true });
    expect(comboboxKey(closed, 'Escape')).toEqual({
      open: false,
      active: -1,
      clear: true,
      handled: true,
    });
  });

  it('does nothing with arrows in an empty list, closes on Tab, and leaves other keys alone', () => {
    expect(comboboxKey(open(-1, 0), 'ArrowDown')).toMatchObject({ active: -1, handled: true });
    expect(comboboxKey(open(-1, 0), 'ArrowUp')).toMatchObject({ active: -1, handled: true });
    expect(comboboxKey(open(1), 'Tab')).toEqual({ open: false, active: -1, handled: false });
    expect(comboboxKey(open(1), 'Home')).toEqual({ open: true, active: 1, handled: false });
    expect(comboboxKey(open(1), 'k')).toEqual({ open: true, active: 1, handled: false });
  });
});
