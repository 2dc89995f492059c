import type { Role } from '../../../shared/statuses';
import { ChannelChoices } from './ChannelChoices';
import { PushOnThisDevice } from './PushOnThisDevice';

/** The Notifications tab of My profile: which kinds come by mail and push, and push here. */
export function NotificationSettingsTab({ role }: { role: Role }) {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ChannelChoices role={role} />
      <PushOnThisDevice />
    </div>
  );
}
