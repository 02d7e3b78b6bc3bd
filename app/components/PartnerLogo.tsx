// A partner's logo at the width the page gives it, twice as wide as high, the browser picking its file from the set.
import { partnerLogoSrcSet } from '~/domain/partner';

export function PartnerLogo({
  logo,
  width,
  alt,
  className,
  lazy = false,
}: {
  logo: string;
  width: number;
  alt: string;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={logo}
      srcSet={partnerLogoSrcSet(logo)}
      sizes={`${width}px`}
      alt={alt}
      width={width}
      height={width / 2}
      loading={lazy ? 'lazy' : undefined}
    />
  );
}
