import type { ComponentProps } from 'react';
import { AppLink } from './app-link.tsx';

/** The four button types of spec §5; each has its class btn-{type} in app/app.css. */
export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'quaternary';

/** The two button sizes of spec §5: default '' (class btn alone) or 'small' (btn-small). */
export type ButtonSize = '' | 'small';

/** Class list of a button (spec §5): 'btn btn-{variant}', 'btn-small' for the small size, then `extra`. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = '', extra = ''): string {
  return ['btn', `btn-${variant}`, size && `btn-${size}`, extra].filter(Boolean).join(' ');
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = 'primary', size = '', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

type ButtonLinkProps = ComponentProps<typeof AppLink> & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant = 'primary', size = '', className = '', ...rest }: ButtonLinkProps) {
  return <AppLink className={buttonClass(variant, size, typeof className === 'string' ? className : '')} {...rest} />;
}
