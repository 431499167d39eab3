import type { Level } from '#app/platform/levels.ts';
import type { Difficulty } from '#app/modules/quickscan/domain/quickscan.ts';
import type { ProductCardData } from '#app/modules/catalog/index.ts';

/** A subject the questions offer: its slug (the query value), its name and the levels it is an exam subject at. */
export interface QuickscanSubjectView {
  slug: string;
  name: string;
  levels: Level[];
}

/** What the questions offer; the levels and difficulties are fixed lists of app/domain. */
export interface QuickscanQuestionsView {
  examYears: number[];
  /** Every subject of every level, in the content's order. */
  subjects: QuickscanSubjectView[];
}

/** What the query held, to fill the form in again (also when it was wrong). */
export interface QuickscanTypedAnswers {
  level: string;
  examYear: string;
  subjects: string[];
  difficulties: string[];
}

/** The answers' messages, one per question (the first of each). */
export type QuickscanErrors = Partial<Record<'level' | 'examYear' | 'subjects' | 'difficulties', string>>;

export interface QuickscanAdviceItem {
  product: ProductCardData;
  subjectName: string;
  /** 'Omdat je formules lastig vindt: alle formules op een rij.' */
  reason: string;
}

/** The advice for valid answers (prices in cents incl. 9 % VAT). */
export interface QuickscanAdviceView {
  level: Level;
  examYear: number;
  /** The chosen subjects' names, in order. */
  subjectNames: string[];
  difficulties: Difficulty[];
  countdownText: string;
  items: QuickscanAdviceItem[];
  productIds: number[];
  itemCount: number;
  subtotalCents: number;
  discountPercentage: number;
  discountCents: number;
  totalCents: number;
  /** 'Met 4 producten krijg je 15% korting: je bespaart € 16,85.'; null without products. */
  discountText: string | null;
  /** 'Nog 1 product voor 10% korting'; null at the highest tier or without products. */
  nextTierText: string | null;
  tips: { difficulty: Difficulty; text: string }[];
  /** What could not be recommended ('De examenbundel Aardrijkskunde havo is tijdelijk uitverkocht.'). */
  notes: string[];
}

/** Everything /quickscan shows: the questions, what was answered, its messages, and the advice once valid. */
export interface QuickscanPageView {
  questions: QuickscanQuestionsView;
  typed: QuickscanTypedAnswers;
  /** null: nothing answered yet, or everything valid. */
  errors: QuickscanErrors | null;
  advice: QuickscanAdviceView | null;
}
