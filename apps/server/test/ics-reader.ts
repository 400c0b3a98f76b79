/**
 * Reads iCalendar text back the way a calendar app would (unfolded, split, unescaped), so the
 * tests check what a reader gets rather than the bytes the writer chose.
 */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  name: string;
  props: IcsProperty[];
  children: IcsComponent[];
  /** The first property of that name's value, unescaped when it is text. */
  get(name: string): string | undefined;
  param(name: string, param: string): string | undefined;
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

export function readIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  for (const line of raw) {
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line over 75 octets: ${line}`);
    if (line.includes('\n') || line.includes('\r')) throw new Error('bare line break');
  }
  // Unfold: a line starting with a space continues the one before.
  const lines: string[] = [];
  for (const line of raw) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [name = '', ...paramParts] = head.split(';');
    const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
    if (name === 'BEGIN') {
      const component = makeComponent(value);
      stack[stack.length - 1]?.children.push(component);
      stack.push(component);
      root ??= component;
    } else if (name === 'END') {
      const open = stack.pop();
      if (open?.name !== value) throw new Error(`END:${value} closes ${open?.name}`);
    } else {
      stack[stack.length - 1]?.props.push({ name, params, value });
    }
  }
  if (!root || stack.length > 0) throw new Error('unbalanced calendar');
  return root;
}

function makeComponent(name: string): IcsComponent {
  const component: IcsComponent = {
    name,
    props: [],
    children: [],
    get(prop) {
      const found = component.props.find((p) => p.name === prop);
      if (!found) return undefined;
      return ['SUMMARY', 'DESCRIPTION', 'X-WR-CALNAME'].includes(prop)
        ? unescapeText(found.value)
        : found.value;
    },
    param(prop, param) {
      return component.props.find((p) => p.name === prop)?.params[param];
    },
  };
  return component;
}
