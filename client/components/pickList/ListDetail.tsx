import type { ReactNode, RefObject } from 'react';
import './pickList.css';

interface ListDetailProps {
  /** Extra class on the workbench (a feature's own styles). */
  className?: string;
  /** The sidebar's sections (ListSection), top to bottom. */
  lists: ReactNode;
  /** What is picked, or undefined for the placeholder. */
  detail: ReactNode;
  /** Says what picking does, while nothing is picked. */
  placeholder: string;
  detailRef?: RefObject<HTMLDivElement | null>;
}

/**
 * The page's list-and-detail panel (tools, prompts, resources, skills): the server's lists on
 * the left, each a PickList in a ListSection, and the picked item on the right.
 */
export function ListDetail({ className, lists, detail, placeholder, detailRef }: ListDetailProps) {
  return (
    <div className={`workbench${className ? ` ${className}` : ''}`}>
      <aside className="sidebar list-detail-sidebar">{lists}</aside>
      <div className="main-pane" ref={detailRef}>
        {detail ?? <p className="placeholder">{placeholder}</p>}
      </div>
    </div>
  );
}

interface ListSectionProps {
  heading: string;
  /** The list method ("prompts/list"), to say what failed. */
  method: string;
  /** Under the heading: how fresh the list is (ListFreshness), notes. */
  status?: ReactNode;
  /** Before the first answer: the server is still starting, or the list is on its way. */
  pending: boolean;
  /** True once the connection is ready (the list has been asked for). */
  asked: boolean;
  error: Error | null;
  /** The list (a PickList), once there is one. */
  children: ReactNode;
  /** Names of what the last refetch removed, said under the list for a while. */
  removed?: readonly string[];
}

/** One of the sidebar's lists: its heading, where it stands (pending, failed), the list, what went. */
export function ListSection({
  heading,
  method,
  status,
  pending,
  asked,
  error,
  children,
  removed,
}: ListSectionProps) {
  return (
    <div className="list-section">
      <h2>{heading}</h2>
      {status}
      {pending && !error && (
        <p className="muted">{asked ? `Listing ${heading.toLowerCase()}…` : 'Waiting for the server…'}</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {method} failed: {error.message}
        </p>
      )}
      {children}
      {removed && removed.length > 0 && (
        <p className="muted list-removed" role="status" aria-label={`${heading} removed`}>
          Removed by the server:{' '}
          {removed.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <s>{name}</s>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
