import type { CamelCased } from '../../../client/api/types';
import type { PlaceView } from '../../places/places.schema';
import { PlacePicker } from '../../places/ui/PlacePicker';

export type ChosenPlace = CamelCased<PlaceView>;

/**
 * The place a list is around ("near"), for browse and the directory: the one spot that names the
 * place picker for them. The place is named once the list around it has answered: the form
 * holding this field is keyed by that place, so it starts again with its name.
 */
export function NearPlaceField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace | null) => void;
}) {
  return <PlacePicker id={id} label={label} value={value} onChange={onChange} />;
}
