import { describe, expect, it } from 'vitest';
import { initialNotifications, type NotificationsState, notificationsReducer } from './notifications';

const add = (state: NotificationsState, id: string, title?: string) =>
  notificationsReducer(state, {
    type: 'add',
    notification: { id, title, body: `corps ${id}`, data: { eventId: id }, timestamp: '2026-03-02T10:00:00.000Z' },
  });
const remove = (state: NotificationsState, id: string) => notificationsReducer(state, { type: 'remove', id });

describe('notifications de l’overlay', () => {
  it('la plus récente est en haut, et le compteur monte à chaque ajout', () => {
    const state = add(add(initialNotifications, 'a', 'Premier'), 'b', 'Second');
    expect(state.items.map((n) => n.title)).toEqual(['Second', 'Premier']);
    expect(state.unread).toBe(2);
  });

  it('sans titre, une notification s’appelle « Nouvelle notification »', () => {
    expect(add(initialNotifications, 'a').items[0].title).toBe('Nouvelle notification');
    expect(add(initialNotifications, 'b', '   ').items[0].title).toBe('Nouvelle notification');
  });

  it('fermer puis laisser expirer la même notification ne fait descendre le compteur qu’une fois, jamais sous 0', () => {
    let state = add(add(initialNotifications, 'a'), 'b');
    state = remove(state, 'a');
    expect(state.unread).toBe(1);
    state = remove(state, 'a'); // its 10 s elapse after it was dismissed
    expect(state.unread).toBe(1);
    state = remove(remove(state, 'b'), 'b');
    expect(state).toEqual({ items: [], unread: 0 });
    expect(remove(initialNotifications, 'inconnue').unread).toBe(0);
  });

  it('la même notification reçue deux fois (flux reconnecté) n’apparaît qu’une fois', () => {
    const state = add(add(initialNotifications, 'a'), 'a');
    expect(state.items).toHaveLength(1);
    expect(state.unread).toBe(1);
  });
});
