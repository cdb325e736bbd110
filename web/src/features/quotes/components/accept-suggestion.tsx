import { Check } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useQuoteAction } from '../api/quotes';
import '../quotes.css';

/**
 * The customer's WhatsApp reply that reads as accepting a quote: a question for the sales
 * person, whose button accepts it (POST /quotes/:id/accept); nothing was accepted by itself.
 */
export function AcceptSuggestion({ quoteId, text }: { quoteId: string; text: string }) {
  const action = useQuoteAction();
  const toast = useToast();
  const accept = () =>
    action.mutate(
      { id: quoteId, action: 'accept' },
      {
        onSuccess: (quote) =>
          toast.show(
            `Quote ${quote.number} accepted: its entry waits for an admin to confirm`,
            'success',
          ),
        onError: (error) => toast.show(errorMessage(error, 'The quote was not accepted'), 'danger'),
      },
    );
  return (
    <div className="accept-suggestion" role="group" aria-label="Accept suggestion">
      <p>{`Customer replied '${text}' — Mark accepted?`}</p>
      <button
        type="button"
        className="btn btn--small"
        disabled={action.isPending || action.isSuccess}
        onClick={accept}
      >
        <Check aria-hidden="true" size={14} /> Mark accepted
      </button>
    </div>
  );
}
