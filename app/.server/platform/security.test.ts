import { describe, expect, it } from 'vitest';
import { FORM_UNREADABLE } from './refusal';
import { readFormData } from './security';

describe('corps de formulaire illisible', () => {
  const post = (body: string, type: string) =>
    new Request('http://agenda.test/auth/logout', {
      method: 'POST',
      headers: { Host: 'agenda.test', Origin: 'http://agenda.test', 'Content-Type': type },
      body,
    });

  it('un corps qui n’est pas un formulaire donne un 400 en français, pas une erreur du serveur', async () => {
    for (const type of ['text/plain', 'application/json', 'multipart/form-data; boundary=x']) {
      const refused: Response = await readFormData(post('{"a":1}', type)).catch((error) => error);
      expect(refused.status, type).toBe(400);
      expect(await refused.json()).toEqual({ message: FORM_UNREADABLE });
    }
    expect((await readFormData(post('a=1&b=%C3%A9', 'application/x-www-form-urlencoded'))).get('b')).toBe('é');
  });
});
