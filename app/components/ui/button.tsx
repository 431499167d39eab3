import type { ComponentProps } from 'react';
import type { ButtonSize, ButtonVariant } from '../../domain/dialog.ts';
import { AppLink } from './app-link.tsx';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-300 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'bg-accent text-ink hover:bg-accent-dark',
  tertiary: 'border-2 border-brand bg-white text-brand hover:bg-brand-soft',
  quaternary: 'bg-transparent text-brand underline underline-offset-4 hover:text-brand-dark',
};

const sizes: Record<ButtonSize, string> = {
  '': 'min-h-12 px-6 py-3 text-base',
  small: 'min-h-10 px-4 py-2 text-sm',
};

/** Class list of the four button types and two sizes of spec §5. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = '', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}

type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = 'primary', size = '', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

type ButtonLinkProps = ComponentProps<typeof AppLink> & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant = 'primary', size = '', className = '', ...rest }: ButtonLinkProps) {
  return <AppLink className={buttonClass(variant, size, typeof className === 'string' ? className : '')} {...rest} />;
}
