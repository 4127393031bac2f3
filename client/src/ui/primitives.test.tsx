// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupTestI18n } from '../test/i18n';
import { Avatar, avatarColor, initialsOf } from './Avatar';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { TextInput } from './TextInput';
import { House } from 'lucide-react';

beforeAll(async () => {
  await setupTestI18n();
});
afterEach(cleanup);

describe('design-system primitives', () => {
  it('a loading button is busy and cannot be clicked twice', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a text input is labelled and announces its error', () => {
    render(<TextInput label="Email" error="Enter a valid email address" defaultValue="ada@" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Enter a valid email address');
  });

  it('an avatar without an image shows initials on a colour stable for the same key', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  ')).toBe('G');
    expect(initialsOf('Émile Zola Jr')).toBe('ÉJ');
    expect(initialsOf('')).toBe('?');
    expect(avatarColor('u1')).toBe(avatarColor('u1'));
    render(<Avatar name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).textContent).toBe('AL');
  });

  it('an empty state names its area with a heading and one line', () => {
    render(<EmptyState icon={House} title="Home" description="Nothing here yet." />);
    expect(screen.getByRole('heading', { level: 2, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
  });
});
