// In-memory notes so the demo has something for destructive and additive tools to change and for
// the notes resource template to list. One store per process (in DemoState), shared by every
// connection: every fresh process starts identical.
export class NoteStore {
  private readonly notes = new Map<string, string>([
    ['1', 'Buy milk'],
    ['2', 'Call the plumber'],
    ['3', 'Try mcp-inspect'],
  ]);
  // Ids are never reused, so a deleted note's URI cannot silently point at a new note.
  private nextId = 4;

  ids(): string[] {
    return [...this.notes.keys()];
  }

  get(id: string): string | undefined {
    return this.notes.get(id);
  }

  add(text: string): string {
    const id = String(this.nextId++);
    this.notes.set(id, text);
    return id;
  }

  delete(id: string): boolean {
    return this.notes.delete(id);
  }
}
