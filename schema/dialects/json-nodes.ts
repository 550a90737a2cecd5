// The parts of a jsonc-parser tree other agents' readers walk: an object's key and value nodes, in
// order (their positions make located findings), and a node's plain value (jsonc-parser's own).
import { getNodeValue, type Node } from "jsonc-parser";

export { getNodeValue as nodeValue };

/** An object node's [key, value] node pairs, in file order. */
export function pairs(node: Node): Array<[Node, Node]> {
  return (node.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [[key, value] as [Node, Node]] : [];
  });
}
