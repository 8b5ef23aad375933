// Scaffold: replaced by the page itself this session (its route stays disabled in the shell until then).
export function DeletedDataCardsPage() {
  return null;
}
