import { AnsiText } from '../../components/AnsiText';
import { JsonTree } from '../../components/JsonTree';
import { jsonRpcErrorName, serverMessage } from './rpcErrors';

interface RpcErrorViewProps {
  code: number | undefined;
  message: string;
  data: unknown;
}

/**
 * The protocol refused the call (or it never got an answer): not the tool's doing. Shown
 * apart from a tool error, which is a result the tool chose to return.
 */
export function RpcErrorView({ code, message, data }: RpcErrorViewProps) {
  const name = code === undefined ? undefined : jsonRpcErrorName(code);
  return (
    <div className="rpc-error-body">
      <p className="muted">
        {code === undefined
          ? 'The request failed before the server answered it.'
          : 'The server answered with a JSON-RPC error: the call was refused, the tool did not run to a result.'}
      </p>
      <dl className="facts">
        {code !== undefined && (
          <>
            <dt>Code</dt>
            <dd>
              <code>{code}</code>
              {name && <span className="muted"> {name}</span>}
            </dd>
          </>
        )}
        <dt>Message</dt>
        <dd className="prose">
          <AnsiText text={serverMessage(message, code)} />
        </dd>
        {data !== undefined && (
          <>
            <dt>Data</dt>
            <dd>
              {data !== null && typeof data === 'object' ? (
                <JsonTree value={data} label="Error data" expandDepth={2} />
              ) : (
                <code>{JSON.stringify(data)}</code>
              )}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
