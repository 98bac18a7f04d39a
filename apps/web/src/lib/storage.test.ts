import { afterEach, describe, expect, it, vi } from 'vitest';
import { drafts, readItem, type StorageKey, storage, writeItem } from './storage.ts';

afterEach(() => vi.unstubAllGlobals());

const PASSWORD = 'Secret123abc';

describe('storage', () => {
  it('keeps cardno, loginState and name under the zlgys_ prefix', () => {
    storage.saveLogin('10000001');
    storage.saveName('13800138000');
    expect(localStorage.getItem('zlgys_cardno')).toBe('10000001');
    expect(localStorage.getItem('zlgys_loginState')).toBe('true');
    expect(localStorage.getItem('zlgys_name')).toBe('13800138000');
  });

  it('refuses any other key (there is no place for a password)', () => {
    expect(() => writeItem('pwd' as StorageKey, PASSWORD)).toThrow(/not allowed/);
    expect(() => readItem('pwd' as StorageKey)).toThrow(/not allowed/);
    expect(localStorage.length).toBe(0);
  });

  it('clearSession keeps the remembered mobile; clearAll forgets it', () => {
    storage.saveLogin('10000001');
    storage.saveName('13800138000');
    storage.clearSession();
    expect(storage.getCardno()).toBeNull();
    expect(storage.getName()).toBe('13800138000');
    storage.clearAll();
    expect(localStorage.length).toBe(0);
  });
});

describe('form drafts', () => {
  it('are kept per member and form, and all dropped at logout (clearAll), nothing else touched', () => {
    localStorage.clear();
    storage.saveLogin('10000001');
    localStorage.setItem('other-app', 'x');
    drafts.write(drafts.key('10000001', 'publish.new'), { title: 'a' });
    drafts.write(drafts.key('10000002', 'orderPrice.7'), { days: 3 });
    expect(drafts.read(drafts.key('10000001', 'publish.new'))?.values).toEqual({ title: 'a' });
    expect(drafts.read(drafts.key('10000001', 'orderPrice.7'))).toBeNull();
    storage.clearAll();
    expect(drafts.read(drafts.key('10000001', 'publish.new'))).toBeNull();
    expect(drafts.read(drafts.key('10000002', 'orderPrice.7'))).toBeNull();
    expect(localStorage.getItem('other-app')).toBe('x');
  });

  it('an unreadable draft is none', () => {
    localStorage.setItem(drafts.key('10000001', 'publish.new'), '{not json');
    expect(drafts.read(drafts.key('10000001', 'publish.new'))).toBeNull();
  });
});
