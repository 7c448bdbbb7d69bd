import { useState, type DragEvent, type LiHTMLAttributes } from 'react';
import { useWorkspaceEdit } from './useWorkspaceEdit';

/** What a dragged row carries: the server's name, in a type no other page's drop takes. */
const DRAG_TYPE = 'application/x-mcp-inspect-server';

/**
 * Reordering by dragging a server's row onto another's place: written as `workspace move NAME
 * POSITION` writes it (the row dropped on gives the position: the dragged one takes its place).
 */
export function useServerDrag(onDone: (text: string) => void) {
  const edit = useWorkspaceEdit();
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<string>();
  const reset = (): void => {
    setDragged(undefined);
    setOver(undefined);
  };
  const rowProps = (
    name: string,
    position: number,
    revision: string | undefined,
  ): LiHTMLAttributes<HTMLLIElement> & { 'data-drop-target'?: string } => {
    if (revision === undefined) return {};
    return {
      draggable: !edit.busy,
      onDragStart: (event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.setData(DRAG_TYPE, name);
        event.dataTransfer.effectAllowed = 'move';
        setDragged(name);
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        if (dragged === undefined || dragged === name) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(name);
      },
      onDragLeave: () => setOver((previous) => (previous === name ? undefined : previous)),
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        event.preventDefault();
        const moving = dragged;
        reset();
        if (moving === undefined || moving === name) return;
        void edit
          .run({ action: 'move', revision, name: moving, position })
          .then((answer) => answer && onDone(answer.done));
      },
      onDragEnd: reset,
      ...(over === name ? { 'data-drop-target': 'true' } : {}),
    };
  };
  return { rowProps, problem: edit.problem };
}
