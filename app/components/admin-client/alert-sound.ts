// docs/specification.md §9 alert sound: an 800 Hz sine tone lasting 0.5 s (Web Audio), only once the page may play sound.
import { ALERT_TONE_HZ, ALERT_TONE_SECONDS } from '~/domain/push';

let context: AudioContext | null = null;

/** Plays the tone; false when the browser does not allow it yet (no user gesture on the page) or has no Web Audio. */
export function playAlertTone(): boolean {
  // Browsers refuse to start audio before the user has interacted with the page.
  if (!navigator.userActivation?.hasBeenActive) return false;
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return false;
  try {
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = ALERT_TONE_HZ;
    const start = context.currentTime;
    // A short fade in and out: no click at either end.
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.2, start + 0.02);
    gain.gain.setValueAtTime(0.2, start + ALERT_TONE_SECONDS - 0.05);
    gain.gain.linearRampToValueAtTime(0, start + ALERT_TONE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + ALERT_TONE_SECONDS);
    return true;
  } catch {
    return false;
  }
}
