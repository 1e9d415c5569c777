// The simulation: councils, their terms and seats, sessions, votes and ballots, written row by row.

import {
  BRAK_GLOSU,
  GLOS_VALUES,
  NIEOBECNY,
  ODRZUCONO,
  PRZECIW,
  PRZYJETO,
  WSTRZYMUJACY,
  ZA,
} from '../../core/contract.ts';
import { LAST_SESSION_DAY, dayOf, isoDate, monthKey, pad2, weekdayOnOrBefore, yearOf } from './calendar.ts';
import { Bundle } from './csv.ts';
import {
  type Attendee,
  type Body,
  CONTRADICTING_WYNIK_RATE,
  type Council,
  type CouncilGroup,
  EMPTY_URL_RATE,
  EMPTY_WYNIK_RATE,
  LEAVE_RATE,
  NO_GROUP_RATE,
  NO_VOTE_RATE,
  type Person,
  type PlannedVote,
  REBEL_RATE,
  REELECTION_RATE,
  SEASONAL_ABSENCE,
  SESSIONS_WITH_ATTENDANCE,
  SHARE_OF_VOTES_IN_COUNCIL,
  STEPPED_OUT_RATE,
  SWITCH_RATE,
  type Seat,
  type SessionPlan,
  type Stint,
  type Term,
  type TermSeating,
  type TimeFormat,
  VOTES_PER_COMMITTEE_SESSION,
  VOTES_PER_COUNCIL_SESSION,
  type VoteKind,
} from './model.ts';
import { type GenerateOptions } from './options.ts';
import { type CouncilSpec, polandPlan } from './poland.ts';
import { Rng } from './random.ts';
import {
  COMMITTEES,
  COMMITTEE_AGENDA,
  type CouncilNames,
  FEMALE_FIRST_NAMES,
  FORMAL_MOTIONS,
  type GroupSpec,
  LOCAL_GROUPS,
  MALE_FIRST_NAMES,
  NATIONAL_GROUPS,
  RESOLUTION_SUBJECTS,
  SURNAMES,
  type SubjectContext,
  councilAgenda,
  councilNames,
  roman,
} from './vocabulary.ts';

/**
 * Polish local-government terms, oldest first, ending with the running 2024-2029 term. The 2018 term
 * ran until spring 2024 (its label keeps the planned end); earlier terms were four years, starting in
 * late November. Each term ends the day before the next one starts.
 */
export function termSchedule(count: number): Term[] {
  const starts = [
    { year: 2024, start: dayOf(2024, 5, 7), years: 5 },
    { year: 2018, start: dayOf(2018, 11, 22), years: 5 },
  ];
  for (let year = 2014; starts.length < count; year -= 4) starts.push({ year, start: dayOf(year, 11, 22), years: 4 });
  const chosen = starts.slice(0, count).reverse();
  return chosen.map((entry, i) => {
    const next = chosen[i + 1];
    const end = next ? next.start - 1 : dayOf(2029, 5, 6);
    return {
      label: `${entry.year}-${entry.year + entry.years}`,
      start: entry.start,
      end,
      lastSessionDay: Math.min(end, LAST_SESSION_DAY),
      isCurrent: next === undefined,
    };
  });
}

/** Splits total into integers proportional to weights, each at least `minimum` (largest remainders). */
export function splitInteger(total: number, weights: readonly number[], minimum = 0): number[] {
  const rest = total - minimum * weights.length;
  const sum = weights.reduce((s, w) => s + w, 0);
  const raw = weights.map((w) => (rest * w) / sum);
  const parts = raw.map((r) => minimum + Math.floor(r));
  let leftover = total - parts.reduce((s, p) => s + p, 0);
  const byRemainder = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of byRemainder) {
    if (leftover-- <= 0) break;
    parts[i]!++;
  }
  return parts;
}

export function groupAt(stint: Stint, day: number): number {
  let group = -1;
  for (const period of stint.periods) if (period.from <= day) group = period.group;
  return group;
}

export function formatDataCzas(day: number, minuteOfDay: number, second: number, format: TimeFormat): string {
  const date = isoDate(day);
  if (format === 'date-only') return date;
  const hhmm = `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
  return format === 'seconds' ? `${date}T${hhmm}:${pad2(second)}` : `${date}T${hhmm}`;
}

export function countBallots(codes: Uint8Array, n: number): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) counts[codes[i]!]!++;
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// The generator

/** What a council is made of besides its random draws; komisje absent: 2–3 besides the budget committee, drawn. */
export type CouncilShape = Pick<CouncilSpec, 'names' | 'radni' | 'glosowania'> & { komisje?: number };

export class BundleGenerator {
  private readonly rng: Rng;
  private readonly ids = {
    organ: 0,
    ugrupowanie: 0,
    osoba: 0,
    przynaleznosc: 0,
    posiedzenie: 0,
    punkt: 0,
    glosowanie: 0,
    zalacznik: 0,
  };
  /** Reused per vote: ballot codes of the session's attendees. */
  private codes = new Uint8Array(64);

  constructor(
    private readonly options: GenerateOptions,
    private readonly out: Bundle,
  ) {
    this.rng = new Rng(options.seed);
  }

  async run(): Promise<void> {
    const terms = termSchedule(this.options.kadencje);
    for (const term of terms) {
      this.out.file('kadencje.csv').row([term.label, isoDate(term.start), isoDate(term.end)]);
    }
    const national = NATIONAL_GROUPS.map((spec) => this.writeGroup(spec));
    const plan = this.options.plan === 'poland' ? polandPlan(this.options.fraction) : null;
    const count = plan ? plan.length : this.options.rady;
    for (let c = 0; c < count; c++)
      await this.generateCouncil(c, terms, national, plan ? plan[c]! : this.uniformShape(c));
  }

  /** Without a plan every council has the options' seats and votes. */
  private uniformShape(index: number): CouncilShape {
    return { names: councilNames(index), radni: this.options.radni, glosowania: this.options.glosowania };
  }

  // --- councils, groups, bodies ------------------------------------------------------------------

  private writeGroup(spec: GroupSpec): CouncilGroup {
    const id = ++this.ids.ugrupowanie;
    this.out.file('ugrupowania.csv').row([id, spec.nazwa, spec.skrot]);
    return { id, weight: spec.weight };
  }

  private async generateCouncil(
    index: number,
    terms: Term[],
    national: CouncilGroup[],
    shape: CouncilShape,
  ): Promise<void> {
    const council: Council = {
      number: index + 1,
      names: shape.names,
      radni: shape.radni,
      glosowania: shape.glosowania,
      groups: this.councilGroups(national),
      bodies: this.councilBodies(shape.names, shape.komisje),
      people: [],
      absenceByMonth: new Map(),
      nextDruk: 1,
    };
    const seatings = this.seatTerms(council, terms);
    const votes = this.allocateVotes(council, terms);
    for (const [b, body] of council.bodies.entries()) {
      for (const [t, seating] of seatings.entries()) {
        await this.generateBodyTerm(council, body, seating, votes[b]![t]!);
      }
    }
  }

  /** 4–6 national parties plus one local committee, each with a size weight for this council. */
  private councilGroups(national: CouncilGroup[]): CouncilGroup[] {
    const parties = this.rng.shuffle([...national]).slice(0, this.rng.int(4, 6));
    const local = this.writeGroup(this.rng.pick(LOCAL_GROUPS));
    return [...parties, local].map((g) => ({ id: g.id, weight: g.weight * this.rng.between(0.6, 1.4) }));
  }

  /** The council and its committees: the budget committee, then `komisje` − 1 others (or 2–3, drawn). */
  private councilBodies(names: CouncilNames, komisje?: number): Body[] {
    const organy = this.out.file('organy.csv');
    const council: Body = { id: ++this.ids.organ, committee: -1, genitive: names.organGenitive };
    organy.row([council.id, names.organ, 'rada']);
    const [budget, ...others] = COMMITTEES;
    const shuffled = this.rng.shuffle([...others]);
    const committees = [budget!, ...shuffled.slice(0, komisje === undefined ? this.rng.int(2, 3) : komisje - 1)];
    const bodies = [council];
    for (const [i, spec] of committees.entries()) {
      const body = { id: ++this.ids.organ, committee: i, genitive: spec.genitive };
      organy.row([body.id, spec.nazwa, 'komisja']);
      bodies.push(body);
    }
    return bodies;
  }

  // --- councillors and memberships ---------------------------------------------------------------

  private randomName(): string {
    const female = this.rng.chance(0.45);
    const first = this.rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const surname = (): string => {
      const masculine = this.rng.pick(SURNAMES);
      return female ? masculine.replace(/ki$/, 'ka') : masculine;
    };
    const last = female && this.rng.chance(0.06) ? `${surname()}-${surname()}` : surname();
    return `${first} ${last}`;
  }

  /** A new councillor; the eighth of each council (and a few more) shares a colleague's full name. */
  private newPerson(council: Council): Person {
    const namesake = council.people.length === 7 || (council.people.length > 0 && this.rng.chance(0.02));
    const rebel = this.rng.chance(REBEL_RATE);
    const person: Person = {
      id: ++this.ids.osoba,
      name: namesake ? this.rng.pick(council.people).name : this.randomName(),
      loyalty: rebel ? this.rng.between(0.6, 0.8) : this.rng.between(0.93, 0.995),
      absence: this.rng.chance(0.15) ? this.rng.between(0.15, 0.35) : this.rng.between(0.02, 0.1),
    };
    council.people.push(person);
    this.out.file('radni.csv').row([person.id, person.name]);
    return person;
  }

  private drawGroup(council: Council): number {
    return this.rng.chance(NO_GROUP_RATE) ? -1 : this.rng.weighted(council.groups.map((g) => g.weight));
  }

  private seatTerms(council: Council, terms: Term[]): TermSeating[] {
    const seatings: TermSeating[] = [];
    let previousHolders: Stint[] = [];
    for (const term of terms) {
      const seats = this.electSeats(council, term, previousHolders);
      this.replaceLeavers(council, term, seats);
      this.switchGroups(council, term, seats);
      const seating: TermSeating = {
        term,
        seats,
        committees: this.formCommittees(council, seats.length),
        coalition: this.formCoalition(council, seats),
      };
      this.writeMemberships(council, seating);
      seatings.push(seating);
      previousHolders = seats.map((seat) => seat[seat.length - 1]!);
    }
    return seatings;
  }

  /** Some holders at the end of the previous term are re-elected, mostly in the same group. */
  private electSeats(council: Council, term: Term, previousHolders: Stint[]): Seat[] {
    const rate = this.rng.between(...REELECTION_RATE);
    const returning = this.rng.shuffle([...previousHolders]).slice(0, Math.round(previousHolders.length * rate));
    const seats: Seat[] = [];
    for (let i = 0; i < council.radni; i++) {
      const previous = returning[i];
      const person = previous ? previous.person : this.newPerson(council);
      const keepsGroup = previous !== undefined && this.rng.chance(0.85);
      const group = keepsGroup ? groupAt(previous, previous.to) : this.drawGroup(council);
      seats.push([{ person, from: term.start, to: term.end, left: false, periods: [{ from: term.start, group }] }]);
    }
    return seats;
  }

  /** A few councillors give up their mandate mid-term; the next on the same list (usually) takes the seat. */
  private replaceLeavers(council: Council, term: Term, seats: Seat[]): void {
    const span = term.lastSessionDay - term.start;
    if (span < 60) return;
    for (const seat of seats) {
      if (!this.rng.chance(LEAVE_RATE)) continue;
      const leaver = seat[0]!;
      leaver.to = term.start + this.rng.int(Math.floor(span * 0.15), Math.floor(span * 0.85));
      leaver.left = true;
      const group = this.rng.chance(0.7) ? groupAt(leaver, leaver.to) : this.drawGroup(council);
      const from = leaver.to + 1;
      seat.push({ person: this.newPerson(council), from, to: term.end, left: false, periods: [{ from, group }] });
    }
  }

  /**
   * A few councillors change club mid-term. One per term always does, leaving for no group, so every
   * bundle has a switch and a membership without a group.
   */
  private switchGroups(council: Council, term: Term, seats: Seat[]): void {
    const forced = this.rng.int(0, seats.length - 1);
    for (const [i, seat] of seats.entries()) {
      const stint = seat[0]!;
      if (i !== forced && !this.rng.chance(SWITCH_RATE)) continue;
      const first = stint.from + 30;
      const last = Math.min(stint.to, term.lastSessionDay) - 30;
      if (first > last) continue;
      const current = stint.periods[0]!.group;
      const others = council.groups.map((_, g) => g).filter((g) => g !== current);
      const toNoGroup = i === forced || current === -1 ? current !== -1 : this.rng.chance(0.2);
      stint.periods.push({ from: this.rng.int(first, last), group: toNoGroup ? -1 : this.rng.pick(others) });
    }
  }

  private formCommittees(council: Council, seatCount: number): number[][] {
    const committees = council.bodies.length - 1;
    const all = Array.from({ length: seatCount }, (_, i) => i);
    return Array.from({ length: committees }, () => {
      const size = Math.min(seatCount, Math.max(3, Math.round(seatCount * this.rng.between(0.2, 0.35))));
      return this.rng
        .shuffle([...all])
        .slice(0, size)
        .sort((a, b) => a - b);
    });
  }

  /** Groups join the coalition in random order until it holds a majority of the seats. */
  private formCoalition(council: Council, seats: Seat[]): boolean[] {
    const sizes = council.groups.map(() => 0);
    for (const seat of seats) {
      const group = seat[0]!.periods[0]!.group;
      if (group >= 0) sizes[group]!++;
    }
    const coalition = council.groups.map(() => false);
    let held = 0;
    for (const g of this.rng.shuffle(council.groups.map((_, i) => i))) {
      if (held * 2 > seats.length) break;
      coalition[g] = true;
      held += sizes[g]!;
    }
    return coalition;
  }

  /**
   * One row per stint and group period. aktywny = 0 marks a row closed before the term ended (a group
   * switch or a resignation); data_do is open for rows running in the current term.
   */
  private writeMemberships(council: Council, seating: TermSeating): void {
    const { term } = seating;
    const file = this.out.file('przynaleznosci.csv');
    for (const seat of seating.seats) {
      for (const stint of seat) {
        for (const [p, period] of stint.periods.entries()) {
          const next = stint.periods[p + 1];
          const closedAt = next ? next.from - 1 : stint.left ? stint.to : null;
          const dataDo = closedAt ?? (term.isCurrent ? null : term.end);
          const groupId = period.group >= 0 ? council.groups[period.group]!.id : null;
          file.row([
            ++this.ids.przynaleznosc,
            stint.person.id,
            term.label,
            groupId,
            isoDate(period.from),
            dataDo === null ? null : isoDate(dataDo),
            closedAt === null ? 1 : 0,
          ]);
        }
      }
    }
  }

  // --- sessions ----------------------------------------------------------------------------------

  /** votes[body][term]: three quarters in the council, the rest among committees; terms by length. */
  private allocateVotes(council: Council, terms: Term[]): number[][] {
    const committeeWeights = council.bodies.slice(1).map(() => this.rng.between(0.6, 1.4));
    const inCouncil = Math.round(council.glosowania * SHARE_OF_VOTES_IN_COUNCIL);
    const perBody = [inCouncil, ...splitInteger(council.glosowania - inCouncil, committeeWeights)];
    const termWeights = terms.map((term) => term.lastSessionDay - term.start + 1);
    return perBody.map((votes) => splitInteger(votes, termWeights));
  }

  private async generateBodyTerm(council: Council, body: Body, seating: TermSeating, votes: number): Promise<void> {
    if (votes === 0) return;
    const isCouncil = body.committee < 0;
    const perSession = isCouncil ? VOTES_PER_COUNCIL_SESSION : VOTES_PER_COMMITTEE_SESSION;
    const count = Math.min(votes, Math.max(1, Math.round(votes / perSession)));
    const sizes = splitInteger(
      votes,
      Array.from({ length: count }, () => this.rng.between(0.5, 1.5)),
      1,
    );
    const days = this.sessionDays(seating.term, count, isCouncil);
    for (let s = 0; s < count; s++) {
      this.generateSession(council, body, seating, s + 1, days[s]!, sizes[s]!);
      await this.out.drain();
    }
  }

  /**
   * Session days spread evenly over the term, non-decreasing, moved off weekends. The council's
   * constitutive session opens the term; committees first meet a few weeks later.
   */
  private sessionDays(term: Term, count: number, isCouncil: boolean): number[] {
    const first = isCouncil ? term.start : Math.min(term.start + this.rng.int(10, 30), term.lastSessionDay);
    const slot = (term.lastSessionDay - first + 1) / count;
    const days: number[] = [];
    let previous = first;
    for (let s = 0; s < count; s++) {
      const planned = isCouncil && s === 0 ? first : first + Math.floor(s * slot + this.rng.next() * slot * 0.7);
      previous = Math.max(previous, weekdayOnOrBefore(planned));
      days.push(previous);
    }
    return days;
  }

  private generateSession(
    council: Council,
    body: Body,
    seating: TermSeating,
    numer: number,
    day: number,
    voteCount: number,
  ): void {
    const id = ++this.ids.posiedzenie;
    const nazwa =
      body.committee < 0 ? `${roman(numer)} sesja ${body.genitive}` : `${numer}. posiedzenie ${body.genitive}`;
    this.out.file('posiedzenia.csv').row([id, body.id, seating.term.label, numer, isoDate(day), nazwa]);

    const plan = this.planSession(council, body, numer, day, voteCount);
    const punkty = this.out.file('punkty.csv');
    const pointIds = plan.points.map((point) => {
      const pointId = ++this.ids.punkt;
      punkty.row([pointId, id, point.numer, point.tytul]);
      return pointId;
    });

    const attendees = this.attendees(council, body, seating, day);
    // Without obecnosci rows the ETL derives attendance from the ballots.
    if (this.rng.chance(SESSIONS_WITH_ATTENDANCE)) this.writeAttendance(id, attendees);

    const format = (['minutes', 'seconds', 'date-only'] as const)[this.rng.weighted([0.92, 0.06, 0.02])]!;
    let minute = body.committee < 0 ? this.rng.int(540, 630) : this.rng.int(480, 960);
    for (const [i, planned] of plan.votes.entries()) {
      minute = Math.min(23 * 60 + 59, minute + this.rng.int(1, 8));
      const dataCzas = formatDataCzas(day, minute, this.rng.int(0, 59), format);
      const pointId = planned.point === null ? null : pointIds[planned.point]!;
      this.generateVote(council, seating, attendees, [id, pointId, i + 1, dataCzas], planned);
    }
  }

  /**
   * The agenda of a session and its votes in order: the agenda and the previous minutes (mostly
   * unanimous; no minutes before the first session), then per resolution its amendments and the final vote, with a few formal motions
   * outside the agenda in between. Resolutions are sub-points of one point (7.1, 7.2, … 7.10).
   */
  private planSession(council: Council, body: Body, numer: number, day: number, voteCount: number): SessionPlan {
    const isCouncil = body.committee < 0;
    const template = isCouncil ? councilAgenda(council.names) : COMMITTEE_AGENDA;
    const points = template.points.map((tytul, i) => ({ numer: String(i + 1), tytul }));
    const votes: PlannedVote[] = [];
    let remaining = voteCount;
    const procedural = (point: number, tytul: string): PlannedVote => ({
      point,
      tytul,
      kind: this.rng.chance(0.75) ? 'unanimous' : 'broad',
      attachments: [],
    });

    if (remaining >= 2) {
      if (remaining >= 6 && this.rng.chance(0.15)) {
        const kind = this.rng.chance(0.5) ? 'opposition' : 'coalition';
        votes.push({ point: template.agendaPoint, tytul: 'Wniosek o zmianę porządku obrad', kind, attachments: [] });
        remaining--;
      }
      votes.push(procedural(template.agendaPoint, points[template.agendaPoint]!.tytul));
      remaining--;
    }
    if (numer > 1 && remaining >= 3 && this.rng.chance(0.5)) {
      votes.push(procedural(template.protocolPoint, points[template.protocolPoint]!.tytul));
      remaining--;
    }

    let formal = 0;
    for (let i = 1; i < remaining; i++) if (this.rng.chance(0.04)) formal++;
    const resolutions = this.planResolutions(council, body, day, remaining - formal, template.resolutionsPoint);
    points.splice(template.resolutionsPoint + 1, 0, ...resolutions.points);
    for (let i = 0; i < formal; i++) {
      const kind = this.rng.chance(0.3) ? 'close' : 'opposition';
      const motion: PlannedVote = { point: null, tytul: this.rng.pick(FORMAL_MOTIONS), kind, attachments: [] };
      resolutions.votes.splice(this.rng.int(0, resolutions.votes.length), 0, motion);
    }
    votes.push(...resolutions.votes);
    return { points, votes };
  }

  /** `voteCount` votes over a few resolutions: each has a final vote, some also amendments. */
  private planResolutions(council: Council, body: Body, day: number, voteCount: number, parent: number): SessionPlan {
    if (voteCount === 0) return { points: [], votes: [] };
    const isCouncil = body.committee < 0;
    const count = Math.min(voteCount, Math.max(1, Math.round(voteCount / this.rng.between(1.2, 1.6))));
    const amendments = new Array<number>(count).fill(0);
    for (let i = count; i < voteCount; i++) amendments[this.rng.int(0, count - 1)]!++;
    const context: SubjectContext = {
      rng: this.rng,
      names: council.names,
      year: yearOf(day),
      randomName: () => this.randomName(),
    };

    const plan: SessionPlan = { points: [], votes: [] };
    for (let j = 0; j < count; j++) {
      const subject = this.rng.pick(RESOLUTION_SUBJECTS)(context);
      const druk = council.nextDruk++;
      const point = parent + 1 + j;
      plan.points.push({
        numer: `${parent + 1}.${j + 1}`,
        tytul: `${isCouncil ? 'Projekt' : 'Opinia do projektu'} uchwały w sprawie ${subject} (druk nr ${druk})`,
      });
      for (let a = 1; a <= amendments[j]!; a++) {
        plan.votes.push({
          point,
          tytul: `Poprawka nr ${a} do projektu uchwały w sprawie ${subject}`,
          kind: (['unanimous', 'broad', 'opposition', 'close'] as const)[this.rng.weighted([0.08, 0.25, 0.55, 0.12])]!,
          attachments: this.rng.chance(0.4) ? [`Treść poprawki nr ${a}.pdf`] : [],
        });
      }
      plan.votes.push({
        point,
        tytul: this.finalVoteTitle(isCouncil, subject, druk),
        kind: (['unanimous', 'broad', 'coalition', 'close'] as const)[this.rng.weighted([0.25, 0.33, 0.32, 0.1])]!,
        attachments: isCouncil
          ? [
              `Projekt uchwały – druk nr ${druk}.pdf`,
              ...(this.rng.chance(0.5) ? ['Uzasadnienie do projektu uchwały.pdf'] : []),
            ]
          : [`Opinia ${body.genitive}, druk nr ${druk}.pdf`],
      });
    }
    return plan;
  }

  private finalVoteTitle(isCouncil: boolean, subject: string, druk: number): string {
    if (!isCouncil) return `Zaopiniowanie projektu uchwały w sprawie ${subject} (druk nr ${druk})`;
    return this.rng.chance(0.5)
      ? `Projekt uchwały w sprawie ${subject} (druk nr ${druk})`
      : `Głosowanie nad całością projektu uchwały w sprawie ${subject}`;
  }

  // --- attendance and ballots --------------------------------------------------------------------

  /** Holders of the body's seats on that day; who misses the session depends on person and month. */
  private attendees(council: Council, body: Body, seating: TermSeating, day: number): Attendee[] {
    const seatIndices = body.committee < 0 ? seating.seats.keys() : seating.committees[body.committee]!;
    const attendees: Attendee[] = [];
    for (const s of seatIndices) {
      const stint = seating.seats[s]!.find((st) => st.from <= day && day <= st.to);
      if (!stint) continue;
      const absent = this.rng.chance(this.absenceProbability(council, stint.person, day));
      attendees.push({ person: stint.person, group: groupAt(stint, day), absent });
    }
    return attendees;
  }

  private absenceProbability(council: Council, person: Person, day: number): number {
    const month = monthKey(day);
    let factor = council.absenceByMonth.get(month);
    if (factor === undefined) {
      factor = SEASONAL_ABSENCE[month % 12]! * this.rng.between(0.5, 1.6);
      council.absenceByMonth.set(month, factor);
    }
    return Math.min(0.85, person.absence * factor);
  }

  private writeAttendance(sessionId: number, attendees: Attendee[]): void {
    const file = this.out.file('obecnosci.csv');
    for (const a of attendees) file.row([sessionId, a.person.id, a.absent ? 0 : 1]);
  }

  private generateVote(
    council: Council,
    seating: TermSeating,
    attendees: Attendee[],
    [sessionId, pointId, numer, dataCzas]: [number, number | null, number, string],
    planned: PlannedVote,
  ): void {
    const id = ++this.ids.glosowanie;
    const n = attendees.length;
    if (this.codes.length < n) this.codes = new Uint8Array(n * 2);
    const codes = this.codes;
    this.castBallots(planned.kind, attendees, seating.coalition, codes);

    const glosy = this.out.file('glosy.csv');
    for (let i = 0; i < n; i++) glosy.line(`${id},${attendees[i]!.person.id},${GLOS_VALUES[codes[i]!]}`);
    const counts = countBallots(codes, n);
    const wynik = this.statedWynik(counts[ZA]!, counts[PRZECIW]!);
    // The simulated council publishes its roll calls only: no stated tallies (the last five columns).
    this.out
      .file('glosowania.csv')
      .row([id, sessionId, pointId, numer, dataCzas, planned.tytul, wynik, null, null, null, null, null]);
    this.writeAttachments(council, id, planned.attachments);
  }

  /** Each group picks a line for the vote; members follow it with their own loyalty. */
  private castBallots(kind: VoteKind, attendees: Attendee[], coalition: boolean[], codes: Uint8Array): void {
    const lines = coalition.map((inCoalition) => this.groupLine(kind, inCoalition));
    for (let i = 0; i < attendees.length; i++) codes[i] = this.ballot(kind, attendees[i]!, lines);
    if (kind === 'close') this.forceMargin(codes, attendees.length, this.rng.chance(0.7) ? 1 : -1);
  }

  private groupLine(kind: VoteKind, inCoalition: boolean): number {
    switch (kind) {
      case 'unanimous':
        return ZA;
      case 'broad':
        return this.drawOption(0.85, 0.05);
      case 'opposition':
        return inCoalition ? this.drawOption(0.1, 0.75) : this.drawOption(0.9, 0);
      case 'coalition':
      case 'close':
        return inCoalition ? this.drawOption(0.95, 0) : this.drawOption(0.2, 0.55);
    }
  }

  /** ZA, PRZECIW or (the rest) WSTRZYMUJACY. */
  private drawOption(za: number, przeciw: number): number {
    const r = this.rng.next();
    return r < za ? ZA : r < za + przeciw ? PRZECIW : WSTRZYMUJACY;
  }

  private ballot(kind: VoteKind, attendee: Attendee, lines: number[]): number {
    if (attendee.absent) return NIEOBECNY;
    const r = this.rng.next();
    if (r < STEPPED_OUT_RATE) return NIEOBECNY;
    if (r < STEPPED_OUT_RATE + NO_VOTE_RATE) return BRAK_GLOSU;
    if (kind === 'unanimous') return ZA;
    if (attendee.group < 0) return this.drawOption(0.55, 0.25);
    const line = lines[attendee.group]!;
    // A deviation picks one of the two other active options (ZA, PRZECIW, WSTRZYMUJACY are 0, 1, 2).
    return this.rng.chance(attendee.person.loyalty) ? line : (line + this.rng.int(1, 2)) % 3;
  }

  /** Moves single active ballots between options until za − przeciw = target: decided by one voice. */
  private forceMargin(codes: Uint8Array, n: number, target: number): void {
    const holders: number[][] = [[], [], []];
    for (let i = 0; i < n; i++) if (codes[i]! <= WSTRZYMUJACY) holders[codes[i]!]!.push(i);
    for (const list of holders) this.rng.shuffle(list);
    const move = (from: number, to: number): boolean => {
      const i = holders[from]!.pop();
      if (i === undefined) return false;
      codes[i] = to;
      holders[to]!.push(i);
      return true;
    };
    let diff = holders[ZA]!.length - holders[PRZECIW]!.length;
    while (diff !== target) {
      const down = diff > target;
      const [from, to] = down ? [ZA, PRZECIW] : [PRZECIW, ZA];
      const step = down ? -1 : 1;
      if (Math.abs(diff - target) >= 2 && move(from, to)) diff += 2 * step;
      else if (move(from, WSTRZYMUJACY) || move(WSTRZYMUJACY, to)) diff += step;
      else return; // too few active ballots to reach the margin
    }
  }

  /**
   * Mostly the outcome of the ballots; sometimes left for the ETL to derive, and rarely the opposite
   * (as when a qualified majority is missed), which the ETL reports as a warning.
   */
  private statedWynik(za: number, przeciw: number): string | null {
    const derived = za > przeciw ? PRZYJETO : ODRZUCONO;
    const r = this.rng.next();
    if (r < EMPTY_WYNIK_RATE) return null;
    if (r < EMPTY_WYNIK_RATE + CONTRADICTING_WYNIK_RATE) return derived === PRZYJETO ? ODRZUCONO : PRZYJETO;
    return derived;
  }

  private writeAttachments(council: Council, voteId: number, names: string[]): void {
    const file = this.out.file('zalaczniki.csv');
    for (const nazwa of names) {
      const id = ++this.ids.zalacznik;
      const url = this.rng.chance(EMPTY_URL_RATE)
        ? null
        : `https://bip.example.org/rada-${council.number}/zalaczniki/${id}.pdf`;
      file.row([id, voteId, nazwa, url]);
    }
  }
}
