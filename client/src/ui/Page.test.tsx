// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Card, CardTitle, Page } from './Page';

afterEach(cleanup);

describe('Page and Card', () => {
  it('heads a page with its title as the h1 and the description under it, or with nothing when it has no title', () => {
    const { container } = render(
      <Page title="Plans" description="Prices are per seat.">
        <p>Content</p>
      </Page>,
    );
    const header = container.querySelector('header')!;
    expect(within(header).getByRole('heading', { level: 1, name: 'Plans' })).toBeTruthy();
    expect(within(header).getByText('Prices are per seat.')).toBeTruthy();
    cleanup();
    render(
      <Page>
        <p>Only content</p>
      </Page>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Only content')).toBeTruthy();
  });

  it('gives each width its own column, the regular one by default', () => {
    const classesOf = (element: Element | null) => [...(element?.classList ?? [])];
    const { container, rerender } = render(<Page>x</Page>);
    const regular = classesOf(container.firstElementChild);
    rerender(<Page width="narrow">x</Page>);
    const narrow = classesOf(container.firstElementChild);
    rerender(<Page width="wide">x</Page>);
    const wide = classesOf(container.firstElementChild);
    expect(regular).toHaveLength(1);
    expect(narrow).toHaveLength(2);
    expect(wide).toHaveLength(2);
    expect(narrow[1]).not.toBe(wide[1]);
  });

  it('makes a card the element asked for, named by its title', () => {
    render(
      <ul>
        <Card as="li" aria-labelledby="card-title">
          <CardTitle id="card-title">On your phone</CardTitle>
        </Card>
      </ul>,
    );
    expect(screen.getByRole('listitem').getAttribute('aria-labelledby')).toBe('card-title');
    expect(screen.getByRole('heading', { level: 2, name: 'On your phone' })).toBeTruthy();
  });
});
