/**
 * Setup file of the client's page tests that share a worker and its page (vitest.config.ts): after each file,
 * empties the page, its storage and its cookies, besides what sharedWorker.ts puts back, so that no file sees
 * another's leftovers.
 */
import { afterAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import './sharedWorker';

afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});
