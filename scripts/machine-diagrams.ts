/**
 * Draws the statecharts from the machines themselves (never by hand): a Mermaid state diagram per machine,
 * with every state (its description as a note), every transition as `event [guard] / actions`, and the
 * `always` and delayed transitions. `npm run diagrams` writes them to docs/diagrams/; a test fails when a
 * committed diagram no longer matches its machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../src/machines/app/app.machine';
import { cartMachine } from '../src/machines/cart/cart.machine';
import { loginMachine } from '../src/machines/login/login.machine';
import { sessionMachine } from '../src/machines/session/session.machine';
import { serviceBannerMachine } from '../src/machines/banners/banners.machine';
import { modificationMachine } from '../src/machines/modification/modification.machine';
import { searchMachine } from '../src/machines/search/search.machine';
import { targetedMessagesMachine } from '../src/machines/targeted/targeted.machine';
import { addBookingMachine } from '../src/machines/add-booking/add-booking.machine';
import { pointsClaimMachine } from '../src/machines/points-claim/points-claim.machine';
import { redeemMachine } from '../src/machines/redeem/redeem.machine';
import { favouritesMachine } from '../src/machines/favourites/favourites.machine';
import { cancelMembershipMachine } from '../src/machines/cancel-membership/cancel-membership.machine';
import { stepUpMachine } from '../src/machines/step-up/step-up.machine';
import { emailChangeMachine } from '../src/machines/email-change/email-change.machine';
import { profileChangeMachine } from '../src/machines/profile-change/profile-change.machine';
import { passwordChangeMachine } from '../src/machines/password-change/password-change.machine';
import { passkeyRegistrationMachine } from '../src/machines/passkey-registration/passkey-registration.machine';
import { newsletterConfirmationMachine } from '../src/machines/newsletter-confirmation/newsletter-confirmation.machine';
import { enrolmentMachine } from '../src/machines/enrolment/enrolment.machine';
import { hotelCheckoutMachine } from '../src/machines/hotel-checkout/hotel-checkout.machine';
import { checkinMachine } from '../src/machines/checkin/checkin.machine';

/** The machines of the app's actor system, in the order the decision record presents them. */
export const DIAGRAMMED_MACHINES: readonly { name: string; machine: AnyStateMachine; title: string }[] = [
  { name: 'app', machine: appMachine, title: 'The app (root of the actor system)' },
  { name: 'session', machine: sessionMachine, title: 'The session (`session`)' },
  { name: 'login', machine: loginMachine, title: 'Sign-in (`login`)' },
  { name: 'cart', machine: cartMachine, title: 'The check-out cart (`cart`)' },
  { name: 'targeted', machine: targetedMessagesMachine, title: 'Targeted messages (`targeted`)' },
  { name: 'search', machine: searchMachine, title: 'The page’s search (`search`)' },
  { name: 'modification', machine: modificationMachine, title: 'Changing a booking (`modification`)' },
  { name: 'banners', machine: serviceBannerMachine, title: 'A service banner (`banner.<id>`)' },
  { name: 'favourites', machine: favouritesMachine, title: 'Favourite hotels (`favourites`)' },
  { name: 'redeem', machine: redeemMachine, title: 'Redeeming points for a reward (the rewards page)' },
  { name: 'points-claim', machine: pointsClaimMachine, title: 'Requesting missing points (the request-points page)' },
  { name: 'add-booking', machine: addBookingMachine, title: 'Adding a booking made by phone or at the hotel (my bookings)' },
  { name: 'cancel-membership', machine: cancelMembershipMachine, title: 'Leaving the programme (the profile page)' },
  { name: 'step-up', machine: stepUpMachine, title: 'The step-up: a fresh code before a sensitive change (child `stepUp` of other flows)' },
  { name: 'email-change', machine: emailChangeMachine, title: 'Changing the email address (the profile page)' },
  { name: 'profile-change', machine: profileChangeMachine, title: 'Changing the name or the birthday (the profile page)' },
  { name: 'password-change', machine: passwordChangeMachine, title: 'Changing or setting the password (the profile page)' },
  { name: 'passkey-registration', machine: passkeyRegistrationMachine, title: 'Adding a passkey (the profile page)' },
  { name: 'newsletter-confirmation', machine: newsletterConfirmationMachine, title: 'Confirming a newsletter subscription (the mail’s link)' },
  { name: 'enrolment', machine: enrolmentMachine, title: 'Corporate self-enrolment (the enrolment page)' },
  { name: 'hotel-checkout', machine: hotelCheckoutMachine, title: 'The hotel checkout: folio, invoice addresses, payment and check-out (/checkout/redirect and /checkout/folio)' },
  { name: 'checkin', machine: checkinMachine, title: 'Online check-in (the check-in page)' },
];

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

const nameOf = (item: unknown): string => {
  if (typeof item === 'string') return item;
  if (item && typeof item === 'object' && 'type' in item && typeof item.type === 'string') return item.type;
  if (typeof item === 'function') return item.name && !item.name.startsWith('xstate.') ? item.name : 'inline';
  return 'inline';
};

/** A guard as the machine names it: `isOpen`, `not(hasCarryOver)`, `and(a, b)`. */
function guardLabel(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') {
    const params =
      'params' in guard && guard.params && typeof guard.params === 'object'
        ? Object.values(guard.params as object)
            .map(String)
            .join(', ')
        : '';
    return params ? `${guard.type}(${params})` : guard.type;
  }
  if (typeof guard === 'function' && 'guards' in guard && Array.isArray(guard.guards)) {
    return `${guard.name || 'combined'}(${(guard.guards as unknown[]).map(guardLabel).join(', ')})`;
  }
  return 'inline';
}

/** Mermaid labels may not hold some characters; event names keep their dots. */
const clean = (text: string) =>
  text
    .replace(/[:;"<>{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function transitionLabel(eventType: string, transition: { guard?: unknown; actions?: readonly unknown[] }): string {
  const event = eventType.startsWith('xstate.after.') ? `after ${eventType.split('.')[2]}` : eventType.replace(/^xstate\.(done|error)\.actor\./, '$1: ');
  const guard = guardLabel(transition.guard);
  const actions = (transition.actions ?? []).map(nameOf).filter((name) => name !== 'inline');
  return clean(`${event}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`);
}

/** One machine as a Mermaid state diagram. */
export function mermaidOf(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const render = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states);
    if (node !== machine.root) {
      if (children.length) lines.push(`${indent}state ${mermaidId(node)} {`);
      else lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
    }
    const inner = node === machine.root ? indent : `${indent}  `;
    if (children.length) {
      const initial = node.type === 'parallel' ? null : node.initial?.target?.[0];
      if (node !== machine.root && node.type === 'parallel') {
        children.forEach((child, index) => {
          render(child, inner);
          if (index < children.length - 1) lines.push(`${inner}--`);
        });
      } else {
        if (initial) lines.push(`${inner}[*] --> ${mermaidId(initial)}`);
        children.forEach((child) => render(child, inner));
      }
    }
    if (node !== machine.root && children.length) lines.push(`${indent}}`);
    if (node.type === 'final') lines.push(`${indent}${mermaidId(node)} --> [*]`);
    if (node.description && node !== machine.root) lines.push(`${indent}note right of ${mermaidId(node)} : ${clean(node.description)}`);
  };
  // Root regions of a parallel machine become composite states side by side.
  if (machine.root.type === 'parallel') {
    for (const region of Object.values(machine.root.states)) render(region, '  ');
  } else {
    render(machine.root, '  ');
  }
  const edges = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) {
      for (const definition of definitions) {
        const targets = definition.target ?? [];
        const source = node === machine.root ? null : mermaidId(node);
        const label = transitionLabel(eventType, definition);
        if (targets.length === 0) {
          if (source) lines.push(`  ${source} --> ${source} : ${label}`);
        } else for (const target of targets) if (source) lines.push(`  ${source} --> ${mermaidId(target)} : ${label}`);
      }
    }
    for (const definition of node.always ?? []) {
      for (const target of definition.target ?? []) lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${transitionLabel('always', definition)}`);
    }
    Object.values(node.states).forEach(edges);
  };
  edges(machine.root);
  // Events the whole machine takes wherever it is (the root's own transitions).
  const rootEvents = [...machine.root.transitions].flatMap(([eventType, definitions]) => definitions.map((definition) => transitionLabel(eventType, definition)));
  return [...lines, ...(rootEvents.length ? ['', `%% anywhere: ${rootEvents.join(' | ')}`] : [])].join('\n');
}

/** Which child an action of the app machine talks to, by its name (the machine's naming rule). */
const ACTION_TARGETS: readonly [RegExp, string][] = [
  [/^(tellCart|spawnCart|stopCart)/, 'cart'],
  [/^(tellLogin|closeLogin|resetLogin|openLogin|spawnLogin)/, 'login'],
  [/^(tellSession|restoreSession)/, 'session'],
  [/^(tellTargeted|spawnTargeted|stopTargeted)/, 'targeted'],
  [/^(spawnSearch|stopSearch)/, 'search'],
  [/^(tellModification|spawnModification|stopModification)/, 'modification'],
  [/^spawnBanners/, 'banners'],
  [/^askForBanners/, 'app'],
  [/^(goHome|goToRegistration|forgetMemberQueries|forgetSeenMessages|trackPageView)/, 'edge'],
];

/** Where the events the app machine takes come from, by their names. */
const EVENT_SOURCES: readonly [RegExp, string][] = [
  [/^session\./, 'session'],
  [/^(login\.succeeded|registration\.required)$/, 'login'],
  [/^(app\.started|route\.changed|storage\.tokenChanged|auth\.|consent\.changed|login\.linkClicked)/, 'edge'],
  [/^(checkout|search|modification)\.(opened|closed)$/, 'routes'],
  [/^(login\.open|login\.load|checkout\.retry|modification\.retry|overlay\.follow|overlay\.unfollow)/, 'views'],
  // Raised by the app itself (overlays: by its followers of the flows' overlays).
  [/^(banners\.localeChanged|overlay\.requested|overlay\.released)$/, 'app'],
];

/**
 * The actor system as a flowchart, from the app machine: who tells the app what (its events, by source)
 * and what the app tells each flow (its transitions' actions, by the flow they address). An event or an
 * action the rules above do not place fails the generator, so the picture cannot silently fall behind.
 */
export function actorSystemOf(machine: AnyStateMachine): string {
  const inbound = new Map<string, Set<string>>();
  const outbound = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => map.set(key, (map.get(key) ?? new Set()).add(value));
  const visit = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) {
      if (!eventType.startsWith('xstate.')) {
        const source = EVENT_SOURCES.find(([pattern]) => pattern.test(eventType))?.[1];
        if (!source) throw new Error(`The diagram does not know where ${eventType} comes from: add it to EVENT_SOURCES`);
        add(inbound, source, eventType);
      }
      for (const definition of definitions) {
        for (const action of (definition.actions ?? []).map(nameOf)) {
          const target = ACTION_TARGETS.find(([pattern]) => pattern.test(action))?.[1];
          if (target) add(outbound, target, `${eventType.replace(/^xstate\.(done|error)\.actor\./, '$1: ')} → ${action}`);
        }
      }
    }
    for (const definition of node.always ?? []) {
      for (const action of (definition.actions ?? []).map(nameOf)) {
        const target = ACTION_TARGETS.find(([pattern]) => pattern.test(action))?.[1];
        if (target) add(outbound, target, `always → ${action}`);
      }
    }
    for (const definition of node.entry ?? []) {
      const action = nameOf(definition);
      const target = ACTION_TARGETS.find(([pattern]) => pattern.test(action))?.[1];
      if (target) add(outbound, target, `entry → ${action}`);
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  const label = (items: Set<string> | undefined) => [...(items ?? [])].sort().map(clean).join('<br/>');
  const lines = ['flowchart LR', '  app(("app"))'];
  for (const party of ['routes', 'views', 'edge', 'session', 'login', 'cart', 'targeted', 'search', 'modification', 'banners']) {
    lines.push(`  ${party}["${party}"]`);
    if (inbound.has(party)) lines.push(`  ${party} -- "${label(inbound.get(party))}" --> app`);
    if (outbound.has(party)) lines.push(`  app -- "${label(outbound.get(party))}" --> ${party}`);
  }
  // What the app tells itself (a raised event), drawn as a loop.
  const own = new Set([...(inbound.get('app') ?? []), ...(outbound.get('app') ?? [])]);
  if (own.size > 0) lines.push(`  app -- "${label(own)}" --> app`);
  return lines.join('\n');
}

/** The Markdown page of one machine: its description and the diagram. */
export function diagramPage(entry: (typeof DIAGRAMMED_MACHINES)[number]): string {
  const description = entry.machine.root.description ?? '';
  return `# ${entry.title}\n\nGenerated from \`src/machines/${entry.name}/${entry.name}.machine.ts\` by \`npm run diagrams\`; do not edit.\n\n${description}\n\n\`\`\`mermaid\n${mermaidOf(entry.machine)}\n\`\`\`\n`;
}

/** The page of the whole actor system (the decision record 0027 links it). */
export function actorSystemPage(): string {
  return `# The app's actor system\n\nGenerated from \`src/machines/app/app.machine.ts\` by \`npm run diagrams\`; do not edit. Arrows into \`app\` are the events it takes, by where they come from; arrows out of it are the event that causes a message and the action that carries it, by the flow it reaches.\n\n\`\`\`mermaid\n${actorSystemOf(appMachine)}\n\`\`\`\n`;
}

export const DIAGRAMS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'diagrams');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(DIAGRAMS_DIR, { recursive: true });
  for (const entry of DIAGRAMMED_MACHINES) {
    writeFileSync(join(DIAGRAMS_DIR, `${entry.name}.md`), diagramPage(entry));
    console.log(`docs/diagrams/${entry.name}.md`);
  }
  writeFileSync(join(DIAGRAMS_DIR, 'actor-system.md'), actorSystemPage());
  console.log('docs/diagrams/actor-system.md');
}
