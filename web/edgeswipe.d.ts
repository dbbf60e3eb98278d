// Types of edgeswipe.js, EdgeSwipe's browser kit (docs/kiosk.md, "The browser kit"). Protocol 8 (handler
// commands name 2, which a version-2 service serves too).

/** The control protocol version the module speaks (the hello's `protocol`). */
export const PROTOCOL: 8;
/** The version the module's handler commands name (back handlers came with 2): a version-2 service serves it. */
export const BACK_HANDLERS_PROTOCOL: 2;
/** The spring that smooths progress: stiffness 1500 s⁻², damping 2·√1500 ≈ 77.5 s⁻¹ (critically damped). */
export const SPRING: Readonly<Spring>;
export const EXCLUDE_ATTRIBUTE: "data-edgeswipe-exclude";
export const OVERLAY_ATTRIBUTE: "data-edgeswipe-overlay";
/** Protocol 8: a content region (a back from anywhere in it, once the kit claims the pan); the value names it. */
export const CONTENT_ATTRIBUTE: "data-edgeswipe-content";
/** A horizontal scroller: claims at its leading edge, yields "scroller" away from it. */
export const HSCROLL_ATTRIBUTE: "data-edgeswipe-hscroll";
/** An element with its own horizontal swipes: yields "ownSwipes". */
export const OWN_SWIPES_ATTRIBUTE: "data-edgeswipe-own-swipes";
export type ContentDecision = { answer: "claim" } | { answer: "yield"; reason: "scroller" | "ownSwipes" | "scrolled" | "page" };
/** The kit's answer to a contentQuery about a pan over `target`. */
export function contentAnswer(target: Element, direction: "ltr" | "rtl", page?: ((target: Element, direction: "ltr" | "rtl") => boolean | void) | null): ContentDecision;

export interface Spring { stiffness: number; damping: number; }
export interface SpringState { x: number; v: number; }
export function springStep(state: SpringState, target: number, dt: number, spring?: Spring): SpringState;

/** A touch device's screen as the user sees it (after rotation), as the service publishes it. */
export interface ScreenInfo { widthMM: number; heightMM: number; rotation: 0 | 90 | 180 | 270; flipped: boolean; output: string | null; /** The edge bands swipes start in (absent when the service names none). */ bands?: { edge: "left" | "right" | "top" | "bottom"; widthMM: number }[]; }
export interface View { screenX: number; screenY: number; screenWidth: number; screenHeight: number; devicePixelRatio: number; }
export interface Box { left: number; top: number; width: number; height: number; }
export interface RectMM { x: number; y: number; width: number; height: number; screen?: string; }
export function boxToMM(box: Box, view: View, screen: Pick<ScreenInfo, "widthMM" | "heightMM">): RectMM | null;
export function tokenFromFragment(hash?: string): string;
export function versionMismatch(serviceProtocol: unknown): string | null;

/** A screen of the service's navigation stack (docs/protocol.md, `setStack`). */
export interface ScreenSpec { name: string; header?: boolean; hidden?: boolean; interactivePopEnabled?: boolean; }

export interface Options {
  /** Where the bridge is (default: this page's origin), e.g. "http://127.0.0.1:8710". */
  base?: string;
  /** The bearer token; default: `#token=` in the URL fragment. */
  token?: string;
  /** Event classes besides `back`: "transition", "appearance", "gesture", "diagnostic". */
  events?: string[];
  /** Keep history in step: a committed back on the page goes back one entry, at the root the page gets `handoff`. */
  history?: boolean;
  /** Register the page as the `default` back handler (default true). */
  defaultHandler?: boolean;
  /** A stack declared on every connection (after a reconnection: the last one given to setStack). */
  stack?: ScreenSpec[];
  /** The viewport's offset inside the window, CSS pixels (browser chrome); 0 in a kiosk. */
  viewportOffset?: { x: number; y: number };
  spring?: Spring;
  /** Asked about a pan in a content region after the marked elements: return false to yield it ("page"). */
  contentAnswer?: (target: Element, direction: "ltr" | "rtl") => boolean | void;
}

export interface BackDetail {
  target: "page" | "overlay";
  element: Element | null;
  /** Smoothed by the spring. */
  progress: number;
  /** The service's progress, unsmoothed. */
  raw: number;
  /** The recognizer's report whole (positionMM, velocityMMs, translationMM, armed, time in s). */
  gesture: Record<string, unknown>;
  gestureId: number;
  reason?: string;
}

export interface EventMap {
  connected: { stream: string; screens: ScreenInfo[]; protocol: number; reconnect: boolean };
  disconnected: {};
  /** The service refused the page's token (HTTP 401): retries go on, but only a right token mends it. */
  unauthorized: { status: 401 };
  version: { module: number; service: number | null; message: string | null };
  started: BackDetail; progress: BackDetail; armed: BackDetail; disarmed: BackDetail;
  committed: BackDetail; cancelled: BackDetail;
  frame: { target: "page" | "overlay"; progress: number; raw: number; velocity: number; goal: number; gestureId: number | null };
  handoff: { source: "page" | "service"; event?: Record<string, unknown> };
  /** `declared`: the service's answer to the page's own rectangles; `geometry`, `otherOwner`: the service changed them. */
  exclusions: { result: Record<string, unknown>; cause: "declared" | "geometry" | "otherOwner" };
  error: { command: Record<string, unknown>; reply: { type: "error"; code: string; message: string } };
  event: { event: Record<string, unknown> & { type: string } };
}

export class EdgeSwipe extends EventTarget {
  constructor(options?: Options);
  readonly stream: string | null;
  readonly screens: ScreenInfo[];
  readonly version: { module: number; service: number | null; message: string | null };
  readonly exclusions: Record<string, unknown> | null;
  on<K extends keyof EventMap>(name: K, fn: (detail: EventMap[K]) => void): () => void;
  start(): void;
  close(): void;
  command(body: Record<string, unknown>, stream?: string | null): Promise<Record<string, unknown>>;
  setStack(screens: ScreenSpec[]): Promise<Record<string, unknown>>;
  keepStack(screens: ScreenSpec[]): void;
  registeredHandlers(): { owner: "page" | Element; id: number | null; stream: string }[];
  rectangles(): RectMM[];
}

export function connect(options?: Options): EdgeSwipe;
