import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { OAuthFlowStatus, OAuthStep } from '../../shared/oauth.js';
import { maskUrlsIn } from '../../shared/urlSecrets.js';
import { authorizeStep, authorizedRequestStep, callbackStep, tokenStep } from './authorizationSteps.js';
import { authServerMetadataStep, challengeStep, pkceStep, resourceMetadataStep } from './discoverySteps.js';
import {
  StepFailure,
  type FlowData,
  type FlowTrigger,
  type OAuthSettings,
  type RecordedStep,
  type StepDefinition,
} from './flowTypes.js';
import { grantStep } from './grantStep.js';
import { idJagStep } from './machineGrants.js';
import { registrationStep } from './registrationStep.js';
import { stepFetch } from './stepFetch.js';
import type { TokenStore } from './tokenStore.js';
import type { GrantName } from './flowTypes.js';

/**
 * The steps of one sign-in, in the order the spec walks them: discovery and the grant's choice,
 * then a person's sign-in (PKCE, registration, the authorization page, the redirect back, the
 * code redeemed), or a grant without a person (the client given, the ID-JAG for
 * enterprise-managed authorization, the token request), then the authorized request.
 */
export function stepsFor(grant: GrantName | undefined): readonly StepDefinition[] {
  const discovery = [challengeStep, resourceMetadataStep, authServerMetadataStep, grantStep];
  if (grant === undefined || grant === 'authorization-code')
    return [
      ...discovery,
      pkceStep,
      registrationStep,
      authorizeStep,
      callbackStep,
      tokenStep,
      authorizedRequestStep,
    ];
  return [
    ...discovery,
    registrationStep,
    ...(grant === 'token-exchange' ? [idJagStep] : []),
    tokenStep,
    authorizedRequestStep,
  ];
}

/** A person's sign-in: the steps until the grant step says otherwise. */
export const SIGN_IN_STEPS = stepsFor(undefined);

export interface FlowHooks {
  /** The authorization page is ready for the person. */
  onAuthorizationUrl(url: string): void;
  /** Every step passed: the tokens, for the manager to keep. */
  onAuthorized(data: FlowData): void;
  /** Something changed that the page should see. */
  onChange(): void;
}

/**
 * One sign-in, as a state machine the bridge runs: a cursor over the steps, each run once and
 * recorded (its exchanges, the facts it found, a verdict). "Run all" goes on until it needs
 * the person (the browser) or a step fails; "next" runs one step. The redirect back is bound
 * to this flow by its `state`, 32 random bytes nobody else has seen.
 */
export class OAuthFlow {
  readonly data: FlowData;
  steps: RecordedStep[];
  /** The steps of this sign-in: a person's, until the grant step chose another grant. */
  private plan: readonly StepDefinition[] = SIGN_IN_STEPS;
  private cursor = 0;
  private mode: 'all' | 'step' = 'all';
  private busy: Promise<void> | undefined;
  private failed = false;
  /** Rows appended after the sign-in: refreshes. */
  private extraCount = 0;

  constructor(
    serverUrl: URL,
    redirectUri: string,
    readonly trigger: FlowTrigger,
    private readonly settings: OAuthSettings,
    private readonly store: TokenStore,
    private readonly hooks: FlowHooks,
  ) {
    this.data = {
      serverUrl,
      redirectUri,
      state: randomBytes(32).toString('base64url'),
      resource: serverUrl.href,
    };
    this.steps = SIGN_IN_STEPS.map(pendingRow);
  }

  get state(): string {
    return this.data.state;
  }

  get status(): OAuthFlowStatus {
    if (this.failed) return 'failed';
    if (this.busy) return 'running';
    const current = this.steps[this.cursor];
    if (!current || this.cursor >= this.plan.length) return 'authorized';
    if (current.definition === callbackStep && current.verdict === 'waiting') return 'waiting-for-browser';
    return this.cursor === 0 ? 'needed' : 'paused';
  }

  /** Whether the flow waits for the browser's redirect (and so accepts one). */
  get awaitingCallback(): boolean {
    return (
      this.cursor < this.plan.length && this.steps[this.cursor]?.definition === callbackStep && !this.failed
    );
  }

  runAll(): Promise<void> {
    this.mode = 'all';
    return this.advance();
  }

  next(): Promise<void> {
    this.mode = 'step';
    return this.advance();
  }

  /** The authorization response, once: the state already matched. Runs the callback step. */
  receiveCallback(params: URLSearchParams): Promise<void> {
    this.data.callback = params;
    const current = this.steps[this.cursor];
    if (current) current.verdict = 'pending';
    // The redirect is the person's answer: check it at once, whatever the mode.
    const mode = this.mode;
    this.mode = 'step';
    return this.advance().then(() => {
      this.mode = mode;
      return mode === 'all' ? this.advance() : undefined;
    });
  }

  /** Records a row after the sign-in (a refresh), run now, with its own exchanges. */
  async appendStep(definition: Omit<StepDefinition, 'id'>): Promise<RecordedStep> {
    this.extraCount += 1;
    const row: RecordedStep = {
      definition: { ...definition, id: `extra-${this.extraCount}` },
      verdict: 'pending',
      facts: [],
      exchanges: [],
    };
    this.steps.push(row);
    await this.runStep(row);
    return row;
  }

  view(): OAuthStep[] {
    return this.steps.map((step) => ({
      id: step.definition.id,
      title: step.definition.title,
      requirement: step.definition.requirement,
      verdict: step.verdict,
      ...(step.detail === undefined ? {} : { detail: step.detail }),
      ...(step.got === undefined ? {} : { got: step.got }),
      facts: step.facts,
      exchanges: step.exchanges,
      ...(step.durationMs === undefined ? {} : { durationMs: step.durationMs }),
    }));
  }

  private advance(): Promise<void> {
    // One step at a time, whoever asks: a double click must not run a step twice.
    this.busy ??= this.loop().finally(() => {
      this.busy = undefined;
      this.hooks.onChange();
    });
    return this.busy;
  }

  private async loop(): Promise<void> {
    while (!this.failed) {
      const step = this.steps[this.cursor];
      if (!step || this.cursor >= this.plan.length) return;
      await this.runStep(step);
      if (step.verdict === 'fail') return;
      if (step.verdict === 'waiting') return;
      if (step.definition === grantStep) this.replan();
      this.cursor += 1;
      if (step.definition === authorizeStep && this.data.authorizationUrl) {
        this.hooks.onAuthorizationUrl(this.data.authorizationUrl);
      }
      if (this.cursor === this.plan.length) {
        this.hooks.onAuthorized(this.data);
        return;
      }
      // A step that does not apply to this grant is no stop of its own, even one step at a time.
      if (this.mode === 'step' && step.verdict !== 'skipped') return;
    }
  }

  /** The rows after the grant step, for the grant it chose (a grant without a person has fewer). */
  private replan(): void {
    this.plan = stepsFor(this.data.grant);
    this.steps = [
      ...this.steps.slice(0, this.cursor + 1),
      ...this.plan.slice(this.cursor + 1).map(pendingRow),
    ];
  }

  private async runStep(step: RecordedStep): Promise<void> {
    step.verdict = 'running';
    step.facts = [];
    step.exchanges = [];
    delete step.detail;
    delete step.got;
    this.hooks.onChange();
    const startedAt = performance.now();
    const exchanges = step.exchanges;
    try {
      const outcome = await step.definition.run({
        data: this.data,
        settings: this.settings,
        store: this.store,
        trigger: this.trigger,
        fetch: stepFetch(exchanges),
        // A fact or verdict may name the server's URL, with the secrets of its query.
        fact: (name, value) => step.facts.push([name, maskUrlsIn(value)]),
        lastUrl: () => exchanges.at(-1)?.url ?? '',
      });
      step.verdict = outcome.verdict;
      step.detail = maskUrlsIn(outcome.detail);
    } catch (error) {
      step.verdict = 'fail';
      step.detail = maskUrlsIn(
        error instanceof StepFailure ? error.message : `The step could not run: ${(error as Error).message}`,
      );
      if (error instanceof StepFailure && error.got !== undefined) step.got = maskUrlsIn(error.got);
      // A failed refresh row does not fail the sign-in it follows.
      if (this.plan.includes(step.definition)) this.failed = true;
    }
    step.durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    this.hooks.onChange();
  }
}

function pendingRow(definition: StepDefinition): RecordedStep {
  return { definition, verdict: 'pending', facts: [], exchanges: [] };
}
