// A broadcast's buttons: a test to one's own phone and Start (a draft or scheduled one, now),
// Pause and Cancel while it sends, Resume once paused, and the recipients as CSV once it has
// started. Each says what it did, or
// why it could not (a 409 when the state changed meanwhile).
import { useMutation } from '@tanstack/react-query';
import type { Broadcast, BroadcastAction, BroadcastState } from '@contract/broadcasts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { downloadRecipients, sendTest, useBroadcastAction } from '../api/broadcasts-api';

const ACTIONS: Record<BroadcastState, BroadcastAction[]> = {
  draft: ['start', 'cancel'],
  scheduled: ['start', 'cancel'],
  sending: ['pause', 'cancel'],
  waiting: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  done: [],
  cancelled: [],
};

const LABEL: Record<BroadcastAction, string> = {
  start: 'Start now',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel broadcast',
};

const DONE: Record<BroadcastAction, string> = {
  start: 'Broadcast started',
  pause: 'Broadcast paused',
  resume: 'Broadcast resumed',
  cancel: 'Broadcast cancelled: the rest will not be sent',
};

export function ReportActions({ broadcast }: { broadcast: Broadcast }) {
  const toast = useToast();
  const change = useBroadcastAction(broadcast._id);
  const csv = useMutation({
    mutationFn: () => downloadRecipients(broadcast._id),
    onError: (error) =>
      toast.show(errorMessage(error, 'Failed to download the recipients'), 'danger'),
  });
  const test = useMutation({
    mutationFn: () => sendTest(broadcast._id),
    onSuccess: (sent) => toast.show(`Test sent to ${sent.to}`, 'success'),
    onError: (error) => toast.show(errorMessage(error, 'Failed to send the test'), 'danger'),
  });
  const started = broadcast.state !== 'draft' && broadcast.state !== 'scheduled';
  const act = (action: BroadcastAction) =>
    change.mutate(action, {
      onSuccess: () => toast.show(DONE[action], 'success'),
      onError: (error) => toast.show(errorMessage(error, `Failed to ${action}`), 'danger'),
    });
  return (
    <div className="broadcast-report__actions">
      {!started && (
        <button
          type="button"
          className="btn btn--outline"
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Sending test…' : 'Send a test to my phone'}
        </button>
      )}
      {ACTIONS[broadcast.state].map((action) => (
        <button
          key={action}
          type="button"
          className={action === 'cancel' ? 'btn btn--outline' : 'btn'}
          disabled={change.isPending}
          onClick={() => act(action)}
        >
          {LABEL[action]}
        </button>
      ))}
      {started && (
        <button
          type="button"
          className="btn btn--outline"
          disabled={csv.isPending}
          onClick={() => csv.mutate()}
        >
          Recipients (CSV)
        </button>
      )}
    </div>
  );
}
