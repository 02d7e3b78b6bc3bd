// Share: the Web Share API where the device has it, otherwise copy the link; without JS, an email link.
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

export function ShareButton({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
  if (!hydrated) {
    return (
      <a className="button" href={mailto}>
        Partager par email
      </a>
    );
  }
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as DOMException).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      window.location.href = mailto;
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={share}>
        Partager
      </button>
      <span role="status" className="share-status">
        {copied ? 'Lien copié !' : ''}
      </span>
    </>
  );
}
