// The accessibility tree as a screen reader is given it, read from Chromium through the DevTools protocol
// (Accessibility.getFullAXTree): what the by-ear tests look at instead of CSS selectors.
import type { CDPSession } from 'playwright-core';

export interface AXValue {
  readonly value?: unknown;
}
export interface AXNode {
  readonly nodeId: string;
  readonly ignored: boolean;
  readonly role?: AXValue;
  readonly name?: AXValue;
  readonly properties?: readonly { readonly name: string; readonly value: AXValue }[];
  readonly childIds?: readonly string[];
  readonly parentId?: string;
  readonly backendDOMNodeId?: number;
}

/** The accessibility tree as a reader gets it. */
export class Tree {
  readonly byId: Map<string, AXNode>;
  constructor(readonly nodes: readonly AXNode[]) {
    this.byId = new Map(nodes.map((n) => [n.nodeId, n]));
  }
  static reads = 0;
  static ms = 0;
  static async read(cdp: CDPSession): Promise<Tree> {
    const t0 = performance.now();
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    Tree.reads++;
    Tree.ms += performance.now() - t0;
    return new Tree(nodes);
  }
  role(n: AXNode): string {
    return String(n.role?.value ?? '');
  }
  name(n: AXNode): string {
    return String(n.name?.value ?? '');
  }
  prop(n: AXNode, key: string): unknown {
    return n.properties?.find((p) => p.name === key)?.value.value;
  }
  all(role: string, name?: RegExp): AXNode[] {
    return this.nodes.filter((n) => !n.ignored && this.role(n) === role && (!name || name.test(this.name(n))));
  }
  one(role: string, name?: RegExp): AXNode | undefined {
    return this.all(role, name)[0];
  }
  children(n: AXNode): AXNode[] {
    return (n.childIds ?? []).map((id) => this.byId.get(id)).filter((c): c is AXNode => c !== undefined);
  }
  descendants(n: AXNode): AXNode[] {
    const out: AXNode[] = [];
    const walk = (x: AXNode): void => {
      for (const c of this.children(x)) {
        out.push(c);
        walk(c);
      }
    };
    walk(n);
    return out;
  }
  /** The text a reader hears inside a node: its static texts, in order. */
  text(n: AXNode): string {
    return this.descendants(n)
      .filter((d) => this.role(d) === 'StaticText')
      .map((d) => this.name(d))
      .join('')
      .trim();
  }
  /** The lines of a list-like node: each child's text. */
  lines(n: AXNode): string[] {
    return this.children(n)
      .map((c) => (this.role(c) === 'StaticText' ? this.name(c) : this.text(c)))
      .filter((t) => t.length > 0);
  }
  /** The focused node (the document itself says it has the focus too: the deepest one is the element). */
  focused(): AXNode | undefined {
    const all = this.nodes.filter((n) => !n.ignored && this.prop(n, 'focused') === true);
    return all.find((n) => this.role(n) !== 'RootWebArea') ?? all[0];
  }
  inside(n: AXNode, ancestor: AXNode): boolean {
    for (let p = n.parentId; p; p = this.byId.get(p)?.parentId) if (p === ancestor.nodeId) return true;
    return false;
  }
}
