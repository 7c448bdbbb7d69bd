import { expect, type Locator, type Page } from '@playwright/test';

/** The traffic pane as a person finds it: by role and accessible name. */
export function trafficPane(page: Page) {
  const grid = page.getByRole('grid', { name: 'Traffic' });
  const rows = grid.getByRole('rowgroup').getByRole('row');
  const filters = page.getByRole('toolbar', { name: 'Traffic filters' });
  const detail = page.getByRole('region', { name: 'Frame detail' });
  return {
    grid,
    rows,
    /** Rows whose text contains all of the given fragments. */
    row(...fragments: (string | RegExp)[]): Locator {
      return fragments.reduce<Locator>((locator, text) => locator.filter({ hasText: text }), rows);
    },
    /** The text of one column for every row in view ("Kind", "Method / event", …). */
    async column(name: 'Kind' | 'Method / event' | 'Id' | 'Dir'): Promise<string[]> {
      const index = ['#', 'Time', 'Dir', 'Kind', 'Method / event', 'Id', 'Size', 'Latency'].indexOf(name);
      return rows.evaluateAll(
        // The error flag is a mark with its own name, not part of the kind.
        (elements, i) =>
          elements.map((row) => {
            const cell = row.querySelectorAll('[role=gridcell]')[i]?.cloneNode(true) as Element | undefined;
            cell?.querySelector('.error-flag')?.remove();
            return cell?.textContent ?? '';
          }),
        index,
      );
    },
    count: page.getByRole('status', { name: 'Traffic count' }),
    filters,
    search: filters.getByRole('searchbox', { name: 'Search payloads' }),
    kind: (label: string) =>
      filters.getByRole('group', { name: 'Kind' }).getByRole('button', { name: label }),
    direction: (label: RegExp) =>
      filters.getByRole('group', { name: 'Direction' }).getByRole('button', { name: label }),
    detail,
    paired: (role: 'request' | 'response') => detail.getByRole('region', { name: `Paired ${role}` }),
    follow: page.getByRole('button', { name: 'Follow' }),
    /** Gives the traffic pane most of the window, so more rows are in view. */
    async enlarge(): Promise<void> {
      const divider = page.getByRole('separator', { name: 'Resize the traffic pane' });
      for (let i = 0; i < 6; i += 1) await divider.press('ArrowUp');
      await expect(divider).toHaveAttribute('aria-valuenow', /^(6[5-9]|[7-9]\d)$/);
    },
  };
}
