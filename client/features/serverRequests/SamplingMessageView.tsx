import type { SamplingMessage } from '@modelcontextprotocol/client';

/** One message of a sampling request: its role, then each of its content blocks. */
export function SamplingMessageView({ message }: { message: SamplingMessage }) {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return (
    <div className={`sampling-message role-${message.role}`}>
      <span className="role">{message.role}</span>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'text':
            return (
              <p key={index} className="pre">
                {block.text}
              </p>
            );
          case 'image':
            return (
              <img
                key={index}
                alt="image in the request"
                src={`data:${block.mimeType};base64,${block.data}`}
              />
            );
          case 'audio':
            return <audio key={index} controls src={`data:${block.mimeType};base64,${block.data}`} />;
          default:
            return (
              <pre key={index} className="pre">
                {JSON.stringify(block, null, 2)}
              </pre>
            );
        }
      })}
    </div>
  );
}
