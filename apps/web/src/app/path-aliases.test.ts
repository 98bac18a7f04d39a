import { describe, expect, it } from 'vitest';
import { aliasOf, CUSTOMER_HOME } from './path-aliases.ts';

describe('path aliases (src/boot.ts and the customer index route)', () => {
  it('/customer, with or without the slash, is the customer list', () => {
    expect(aliasOf('/customer')).toBe(CUSTOMER_HOME);
    expect(aliasOf('/customer/')).toBe(CUSTOMER_HOME);
    expect(CUSTOMER_HOME).toBe('/customer/projects');
  });

  it('every other path is itself', () => {
    for (const p of ['/', '/customer/projects', '/customer/project', '/customers', '/x/customer', '/login']) {
      expect(aliasOf(p)).toBeNull();
    }
  });
});
