import type { PendingServerRequest } from '../../bridge/serverRequests';
import { ElicitationRequestView } from './ElicitationRequestView';
import { MalformedElicitationView } from './MalformedElicitationView';
import { SamplingRequestView } from './SamplingRequestView';
import './serverRequests.css';

/**
 * One ask of the server's, answerable: the one view for it wherever it is shown (the Requests
 * tab, a call's card for an input round, a call's card for a legacy server's own request).
 * Answering it in one place answers it everywhere: the queue holds it once.
 */
export function ServerRequestView({ request }: { request: PendingServerRequest }) {
  switch (request.kind) {
    case 'sampling':
      return <SamplingRequestView id={request.id} params={request.params} receivedAt={request.receivedAt} />;
    case 'elicitation':
      return (
        <ElicitationRequestView id={request.id} params={request.params} receivedAt={request.receivedAt} />
      );
    case 'malformed-elicitation':
      return (
        <MalformedElicitationView
          id={request.id}
          params={request.params}
          problem={request.problem}
          receivedAt={request.receivedAt}
        />
      );
  }
}
