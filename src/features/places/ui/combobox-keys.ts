/** Where a combobox stands: whether its list is open, its active option (-1: none), how many. */
export interface ComboboxState {
  open: boolean;
  active: number;
  count: number;
}

/** What a key does to the combobox; `handled` keys have their default action prevented. */
export interface ComboboxMove {
  open: boolean;
  active: number;
  /** The option the key chose (Enter on an active option). */
  pick?: number;
  /** Escape on a closed list: the text is cleared (WAI-ARIA APG combobox, "Escape"). */
  clear?: boolean;
  handled: boolean;
}

/**
 * The keys of an editable combobox with a list popup (WAI-ARIA 1.2, the APG's "list
 * autocomplete" pattern). Down opens the list, or moves to the next option and from the last back
 * to the text; Up likewise backwards; Alt+Down only opens; Alt+Up closes; Enter chooses the
 * active option; Escape closes an open list, and clears the text when it is already closed. Other
 * keys (Home, End, letters) stay the text box's own.
 */
export function comboboxKey(state: ComboboxState, key: string, altKey = false): ComboboxMove {
  const { open, active, count } = state;
  const unchanged = { open, active, handled: false };
  switch (key) {
    case 'ArrowDown':
      if (altKey || !open) return { open: true, active: -1, handled: true };
      if (count === 0) return { open, active: -1, handled: true };
      // Positions -1 (the typed text) to count - 1, round and round.
      return { open, active: active + 1 >= count ? -1 : active + 1, handled: true };
    case 'ArrowUp':
      if (altKey) return { open: false, active: -1, handled: open };
      if (!open) return { open: true, active: count - 1, handled: true };
      if (count === 0) return { open, active: -1, handled: true };
      return { open, active: active <= -1 ? count - 1 : active - 1, handled: true };
    case 'Enter':
      if (open && active >= 0 && active < count)
        return { open: false, active: -1, pick: active, handled: true };
      return unchanged;
    case 'Escape':
      if (open) return { open: false, active: -1, handled: true };
      return { open, active: -1, clear: true, handled: true };
    case 'Tab':
      return { open: false, active: -1, handled: false };
    default:
      return unchanged;
  }
}
