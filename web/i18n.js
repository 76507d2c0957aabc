// The app's languages: English, and Japanese (the engine's name is
// Japanese). The language is the visitor's choice (the Language menu, kept
// in localStorage) or else the browser's. Strings are keyed by their English
// text: `t(english, values)` for what the scripts write, and translatePage()
// for the page's own text, its titles, labels and placeholders. What the
// engine itself says (its error messages) stays in English.
const KEY = 'yomi-lang';

function chosen() {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === 'en' || kept === 'ja') return kept;
  } catch { /* storage blocked: the browser's language */ }
  return (navigator.languages ?? [navigator.language]).some((l) => /^ja\b/i.test(l)) ? 'ja' : 'en';
}

export const lang = chosen();

const JA = {
  // The page: header, board, panel.
  'Play and solve': '対局と解析',
  Benchmark: 'ベンチマーク',
  'Tutorial: a 4×4 solver': 'チュートリアル：4×4 ソルバー',
  'Score Four': '立体四目',
  'A strong Othello engine that runs entirely in your browser, on every core of your machine: play it, see what every move is worth, analyse your games move by move, and solve positions exactly — on every even board from 4×4 to 8×8, and 4×16.':
    'ブラウザの中だけで、お使いのマシンの全コアで動く強いオセロエンジンです。対局し、すべての手の価値を見て、棋譜を一手ずつ検討し、局面を完全に読み切れます。4×4 から 8×8 までの偶数盤と 4×16 に対応しています。',
  Play: '対局',
  'Editing the position.': '局面を編集中です。',
  'Click a square to cycle it: empty, black, white.': 'マスをクリックすると 空き → 黒 → 白 と切り替わります。',
  'Side to move': '手番',
  Black: '黒',
  White: '白',
  'Empty the board': '盤を空にする',
  'Use this position': 'この局面を使う',
  Cancel: 'キャンセル',
  'New game': '新規対局',
  'Analyse the game': '対局を検討する',
  'Loading the engine…': 'エンジンを読み込み中…',
  '« First': '« 最初',
  Undo: '待った',
  Redo: 'やり直し',
  'Last »': '最後 »',
  Stop: '停止',
  'Move now': 'すぐ打つ',
  'Swap sides': '先後を入れ替える',
  'Engine plays from here': 'ここからエンジンが打つ',
  Continue: '続ける',
  "Show every move's score": 'すべての手の評価値を表示',
  at: 'レベル',
  tenths: '小数第一位まで',
  "Show the opening book's moves": '定石の手を表示',
  'The opening book is loading…': '定石を読み込み中…',
  "Scores are in discs for the side to move. Before the solver's reach they are estimates of a search of limited depth (at expert and maximum also of limited time), so the same position may get a different estimate after other searches have filled the engine's memory; exact and win/draw/loss results never change. Where the opening book knows a move, the book's value (in italics, from deeper searches) stands for it: one value a move.":
    '評価値は手番側から見た石数です。完全読みの手前では深さの限られた探索（エキスパートと最強では時間も限られます）による推定なので、ほかの探索でエンジンの記憶が埋まった後は同じ局面でも推定が変わることがあります。完全読みと勝敗読みの結果は変わりません。定石にある手は、より深い探索による定石の値（斜体）を表示します：一手に一つの値です。',
  Moves: '棋譜',
  'Other lines': 'ほかの変化',
  "Score after each move, for Black (above the line: Black ahead). Grey: disc difference. Green: the engine's evaluation in discs. Shaded bands: a solved result that is only win, draw or loss (up: Black wins, down: White wins, a tick on the line: a draw). Red dots: mistakes found by the analysis. Click to go to that move.":
    '各手の後の黒から見た評価（線より上は黒の優勢）。灰色：石数の差。緑：エンジンの評価（石数）。帯：勝敗だけが読み切れた結果（上は黒勝ち、下は白勝ち、線上の印は引き分け）。赤い点：検討で見つかった悪手。クリックするとその手へ移ります。',
  Game: '対局',
  Board: '盤',
  Start: '初期配置',
  'Othello (crossed centre)': 'オセロ（中央が交差）',
  'Reversi (parallel centre)': 'リバーシ（中央が平行）',
  Scoring: '得点',
  'World: empties go to the winner': '世界ルール：空きマスは勝者のもの',
  "Disc difference (paper 001's rule)": '石数の差（論文 001 のルール）',
  Clock: '持ち時間',
  None: 'なし',
  '1 minute a side': '各 1 分',
  '5 minutes a side': '各 5 分',
  '10 minutes a side': '各 10 分',
  '15 minutes a side': '各 15 分',
  'Changing the board, the start or the clock begins a new game; the game you leave can be restored. With a clock, each side has that many minutes for the whole game, the engine shares its time over the moves it has left, and a side whose time runs out loses. World scoring is the tournament rule; "paper 001" is the study of small boards this app reproduces (Takeshita et al.), which counts only the discs.':
    '盤・初期配置・持ち時間を変えると新しい対局が始まります（元の対局は戻せます）。持ち時間ありでは各自が対局全体でその分数を持ち、エンジンは残りの手数に時間を配分し、時間切れの側が負けになります。世界ルールは大会のルールです。「論文 001」はこのアプリが再現している小さな盤の研究（竹下ほか）で、石数だけを数えます。',
  Record: '棋譜',
  Copy: 'コピー',
  Position: '局面',
  'Paste a record (f5d6c3…, numbered "1. f5 d6" too), a position string or a GGF game': '棋譜（f5d6c3…、「1. f5 d6」のような番号付きも可）、局面文字列、または GGF の対局を貼り付け',
  Load: '読み込む',
  'Open a game file: GGF, or a WTHOR database (a .wtb file; choose WTHOR.JOU and WTHOR.TRN with it for the names)': '棋譜ファイルを開く：GGF、または WTHOR データベース（.wtb ファイル。対局者名と大会名には WTHOR.JOU と WTHOR.TRN も一緒に選んでください）',
  'Games of': '対局一覧：',
  ': find a player, event or year': '— 対局者・大会・年で検索',
  'Edit the position': '局面を編集',
  'Copy a link to this game': 'この対局へのリンクをコピー',
  'Save the board as an image': '盤を画像で保存',
  'Save the game as GGF': '対局を GGF で保存',
  'Rotate ↻': '回転 ↻',
  'Mirror ⇆': '左右反転 ⇆',
  'Mirror ⇅': '上下反転 ⇅',
  'First move f5': '初手を f5 に',
  Solve: '完全読み',
  "Solves the position on the board to the end with perfect play: the exact final score, or only whether the side to move wins, draws or loses (faster). Every move's result is drawn on the board.":
    '盤上の局面を最善の手順で最後まで読み切ります。正確な最終石差、または手番側の勝ち・引き分け・負けだけ（こちらが速い）。すべての手の結果が盤上に表示されます。',
  Question: '問い',
  'Exact score': '正確な石差',
  'Win, draw or loss': '勝ち・引き分け・負け',
  "Every move's score": 'すべての手の評価値',
  'Solve this position': 'この局面を読み切る',
  'Perfect play from the start as paper 001 computed it (sets up the board, disc-difference scoring and two human players, then solves):':
    '論文 001 が計算した初期局面からの完全な手順（盤・石数差の得点・人対人を設定して読み切ります）：',
  '6×6 (minutes)': '6×6（数分）',
  '4×14 (stored)': '4×14（保存済み）',
  '4×16 (stored)': '4×16（保存済み）',
  'Perfect line': '最善手順',
  'A line that keeps the result': '結果を保つ手順',
  'Replay it on the board': '盤上で再生する',
  "Paper 001's diagram: the numbers are the order of the line's moves.": '論文 001 の図：数字は手順の順番です。',
  "Every move's result for the side to move": '手番側から見たすべての手の結果',
  Move: '手',
  Result: '結果',
  Levels: 'レベル',
  'What each engine level searches, and how it scored against the level below it in games measured with': '各レベルが何を探索するか、そして次のコマンドで測った一つ下のレベルとの対戦成績：',
  'on 8×8 (20 games from 10 random openings of 6 plies, each played with both colours; expert against hard 10 games).': '（8×8、6 手のランダムな序盤 10 通りから先後入れ替えて 20 局。エキスパート対ハードは 10 局）。',
  Level: 'レベル',
  'Midgame depth': '中盤の深さ',
  'Time a move': '一手の時間',
  'Win/draw/loss from': '勝敗読み開始',
  'Exact from': '完全読み開始',
  'Against the level below': '一つ下のレベルとの対戦',
  'The engine': 'エンジン',
  'Cross-origin isolated': 'クロスオリジン分離',
  "Threads in the engine's pool": 'エンジンのスレッド数',
  'Cores the browser reports': 'ブラウザが報告するコア数',
  Evaluation: '評価関数',
  'The compact pattern tables; a network over them is loading…': '小型のパターン表（その上のネットワークを読み込み中…）',
  'Pattern tables with a network over them ({mb} MB, fetched after the board was ready)':
    'パターン表とその上のネットワーク（{mb} MB、盤面の準備後に取得）',
  'The compact pattern tables (no network: {why})': '小型のパターン表（ネットワークなし：{why}）',
  'Yomi is written in Rust and compiled to WebAssembly; its search runs on a pool of web workers sharing memory. The':
    'Yomi は Rust で書かれ WebAssembly にコンパイルされています。探索はメモリを共有する Web Worker のプールで動きます。',
  benchmark: 'ベンチマーク',
  'measures what threads buy on this machine. It grew out of five research papers: paper 000 (a multithreaded Reversi engine), 001 (perfect play on boards up to 6×6), 002 (distributed search), 003 (statistical pruning in':
    'で、このマシンでスレッドがどれだけ効くかを測れます。5 本の論文から生まれました：論文 000（マルチスレッドのリバーシ AI）、001（6×6 までの盤の完全解析）、002（分散探索）、003（',
  ') and 004 (a 4×4 bitboard solver, retold in the': 'での統計的枝刈り）、004（4×4 ビットボードソルバー、',
  tutorial: 'チュートリアル',
  ').': 'で解説）。',
  Theme: 'テーマ',
  'Like the system': 'システムに合わせる',
  Light: 'ライト',
  Dark: 'ダーク',
  Language: '言語',
  // Titles, labels, placeholders.
  'A new game with the settings below': '下の設定で新しい対局',
  'A quarter turn clockwise (square boards)': '時計回りに 90 度（正方形の盤）',
  "Black's clock": '黒の持ち時間',
  "White's clock": '白の持ち時間',
  'Each player takes the other colour': '互いの色を入れ替える',
  'Mirror left and right': '左右を反転',
  'Mirror top and bottom': '上下を反転',
  'Moves: choose one to go to the position after it': '棋譜：選ぶとその手の後の局面へ移ります',
  'Other lines of this game: choose one to follow it': 'この対局のほかの変化：選ぶとその変化へ移ります',
  Pages: 'ページ',
  'Replay (Ctrl+Y)': 'やり直し（Ctrl+Y）',
  'Take back (Ctrl+Z)': '待った（Ctrl+Z）',
  "The file's games: choose one to open it": 'ファイルの対局：選ぶと開きます',
  'The last position of the line (End)': '手順の最後の局面（End）',
  'The starting position (Home)': '開始局面（Home）',
  'Turn the board and its record': '盤と棋譜を回転・反転',
  'Turn the game so that its first move is f5, as game databases keep it': '棋譜データベースの慣例どおり、初手が f5 になるよう対局を回転します',
  'The engine plays the best move it has found so far': 'エンジンはその時点の最善手を打ちます',
  'Stop the engine': 'エンジンを止める',
  'Nothing is running': '実行中の処理はありません',
  // What the scripts say.
  '{side} to move.': '{side}の番です。',
  '{side} has no legal move and must pass.': '{side}は打てる場所がないのでパスです。',
  '{side} to move (the engine, {player}): paused while you look through the game.': '{side}の番（エンジン・{player}）：棋譜を見ている間は止まっています。',
  '{side} to move: the engine ({player}) is thinking.': '{side}の番：エンジン（{player}）が考えています。',
  'Game over: a draw ({counts}).': '対局終了：引き分け（{counts}）。',
  'Game over: {winner} wins by {n} ({counts}).': '対局終了：{winner}の {n} 石勝ち（{counts}）。',
  'paper 001 scoring': '論文 001 の得点',
  'world scoring': '世界ルール',
  'A draw, {black}–{white}': '引き分け {black}–{white}',
  '{winner} wins {high}–{low} (by {n})': '{winner}の勝ち {high}–{low}（{n} 石差）',
  '· {side} to move': '· {side}の番',
  'Opening: {name}': '定石：{name}',
  'New game: two players at this board.': '新規対局：人同士の対局です。',
  'New game: {black} (Black) against {white} (White).': '新規対局：{black}（黒）対 {white}（白）。',
  'New game: you are {side} against {engine}.': '新規対局：あなたは{side}、相手は {engine} です。',
  '{who} The previous game ({n} moves) is kept for now:': '{who} 前の対局（{n} 手）はまだ残っています：',
  'Restore it': '元に戻す',
  Loaded: '読み込みました',
  '{message} The game you had is kept for now:': '{message} 元の対局はまだ残っています：',
  '{side} had no legal move and passed.': '{side}は打てる場所がなくパスしました。',
  '{side} ran out of time: {other} wins on time.': '{side}の時間切れ：{other}の勝ちです。',
  '{side} ({level}) played {move}: {said}': '{side}（{level}）は {move} に打ちました：{said}',
  '{side} ({level}) thinks': '{side}（{level}）が思考中',
  'Scores for {side} at {level}': '{side}から見た評価値（{level}）',
  'from the opening book: {score} for {who}': '定石より：{who}から見て {score}',
  'book line': '定石手順',
  'exact: {score} for {who}': '完全読み：{who}から見て {score}',
  'solved: a win for {who}': '勝敗読み：{who}の勝ち',
  'solved: a loss for {who}': '勝敗読み：{who}の負け',
  'solved: a draw for {who}': '勝敗読み：引き分け',
  'depth {depth}: {score} for {who}': '深さ {depth}：{who}から見て {score}',
  start: '開始',
  'disc-difference scoring': '石数差の得点',
  ' (1 move solved)': '（1 手を読み切り済み）',
  ' ({n} moves solved)': '（{n} 手を読み切り済み）',
  ', best move so far {move}': '、現時点の最善手は {move}',
  'Stopped before the end: no result, nothing proven yet.': '最後まで読む前に停止しました：結果なし、まだ何も証明されていません。',
  'between {low} and {high}': '{low} から {high} の間',
  'stored result: solved in {time}, {nodes} nodes on {threads} thread(s); checked: {checks}. Press \u201cSolve this position\u201d to solve it again here.':
    '保存済みの結果：{threads} スレッドで {time}、{nodes} ノード。検証：{checks}。ここで読み直すには「この局面を読み切る」を押してください。',
  'The stored solution of {board} could not be loaded (it comes with the site: reload when online). Solving it here would take hours.':
    '{board} の保存済みの解を読み込めませんでした（サイトと一緒に届きます。オンラインで再読み込みしてください）。ここで読み切ると何時間もかかります。',
  '{n} s': '{n} 秒',
  '{n} min': '{n} 分',
  '{n} h': '{n} 時間',
  'Stopped before the end: no result. Proven so far for {side}: {proven}{best}{solved}.': '最後まで読む前に停止しました：結果なし。{side}について証明済み：{proven}{best}{solved}。',
  'The game is over: {side} won ({score}, {rule}).': '対局は終わっています：{side}の勝ち（{score}、{rule}）。',
  'The game is over: {side} lost ({score}, {rule}).': '対局は終わっています：{side}の負け（{score}、{rule}）。',
  'The game is over: {side} drew ({score}, {rule}).': '対局は終わっています：引き分け（{score}、{rule}）。',
  '{side} to move wins with perfect play.': '手番の{side}は最善を尽くせば勝ちです。',
  '{side} to move loses with perfect play.': '手番の{side}は最善を尽くされると負けです。',
  '{side} to move draws with perfect play.': '手番の{side}は最善を尽くすと引き分けです。',
  'Every move loses.': 'どの手も負けです。',
  'Winning move: {move}.': '勝つ手：{move}。',
  'Drawing move: {move}.': '引き分ける手：{move}。',
  '(Win, draw or loss only: choose "Exact score" for the margin.)': '（勝敗のみ。石差は「正確な石差」を選んでください。）',
  'Black wins': '黒の勝ち',
  'White wins': '白の勝ち',
  'A draw': '引き分け',
  '{side} to move: a draw with perfect play — ': '手番は{side}：最善手順で引き分け — ',
  '{side} to move: win by {n} with perfect play — ': '手番は{side}：最善手順で {n} 石勝ち — ',
  '{side} to move: loss by {n} with perfect play — ': '手番は{side}：最善手順で {n} 石負け — ',
  '{winner} {high}–{low} ({score} for {side}, {rule}). Best move: {move}.': '{winner} {high}–{low}（{side}から見て {score}、{rule}）。最善手：{move}。',
  'move {i} of {n}': '{n} 手中 {i} 手目',
  '{side} 1 mistake ({discs} discs)': '{side} 悪手 1（{discs} 石）',
  '{side} {n} mistakes ({discs} discs)': '{side} 悪手 {n}（{discs} 石）',
  'Stopped after {n} moves. ': '{n} 手で停止。',
  'Analysed {n} moves at {level}. ': '{level} で {n} 手を検討。',
  move: '手数',
  "Black's score": '黒の評価',
  // The opening book's note and the opening explorer.
  'The opening book knows {n} positions. Its values (blue, in italics, on the board) are searches of its last positions backed up move by move; engines at easy and above play from it, varied within a few discs of its best move.':
    '定石は {n} 局面を知っています。その値（盤上の青い斜体）は末端局面の探索を一手ずつ遡ったもので、「やさしい」以上のエンジンは最善手から数石以内で変化をつけて定石どおりに打ちます。',
  'No opening book: {why}': '定石なし：{why}',
  'Opening explorer: what tournament players played here': 'オープニング・エクスプローラー：大会でここから打たれた手',
  'The opening explorer is loading…': 'オープニング・エクスプローラーを読み込み中…',
  'Moves played from this position in tournament games': '大会の対局でこの局面から打たれた手',
  Games: '局数',
  'Black wins · draws · White wins': '黒勝ち・引き分け・白勝ち',
  'Black ±': '黒の石差',
  Years: '年',
  Book: '定石値',
  Opening: '定石名',
  "Black's mean final disc difference in those games": 'それらの対局での黒の平均最終石差',
  "The opening book's value of the move for the side to move": '手番側から見たその手の定石の値',
  'From the WTHOR base of 131,212 tournament games (1977–2023), each position counted whatever the order of moves and the board\'s orientation.':
    'WTHOR の大会棋譜 131,212 局（1977–2023 年）から。手順の違いや盤の向きが違っても同じ局面は一つに数えています。',
  'Black wins {b}, draws {d}, White wins {w}': '黒勝ち {b}、引き分け {d}、白勝ち {w}',
  'The explorer knows 8×8 tournament games.': 'エクスプローラーが扱うのは 8×8 の大会棋譜です。',
  'Fewer than {min} of the {games} tournament games reached this position.': '大会棋譜 {games} 局のうち、この局面に至ったのは {min} 局未満です。',
  '{games} tournament games reached this position.': '大会棋譜 {games} 局がこの局面に至りました。',
  'The move can be played on your turn': 'あなたの手番で打てます',
  'Play {move}': '{move} に打つ',
  'No opening explorer: {why}': 'オープニング・エクスプローラーなし：{why}',
  // The levels, the players' menus, the level note and the Levels table.
  beginner: 'ビギナー',
  easy: 'イージー',
  medium: 'ミディアム',
  hard: 'ハード',
  expert: 'エキスパート',
  maximum: 'マキシマム',
  Human: '人間',
  'Engine {i}: {level}': 'エンジン {i}：{level}',
  ', up to {s} s a move': '、1 手最大 {s} 秒',
  ', exact from {n} empties': '、空き {n} から完全読み',
  'as deep as time allows': '時間の許す限り深く',
  '1 ply deep': '深さ 1 手',
  '{n} plies deep': '深さ {n} 手',
  '20–0 against random moves': 'ランダムな手に 20–0',
  '17½–2½ against beginner': 'ビギナーに 17½–2½',
  '17½–2½ against easy': 'イージーに 17½–2½',
  '16½–3½ against medium': 'ミディアムに 16½–3½',
  '6–4 against hard (10 games)': 'ハードに 6–4（10 局）',
  'not measured: at up to 30 s a move, 20 games take hours': '未測定：1 手最大 30 秒では 20 局に何時間もかかります',
  'until time': '時間まで',
  '{s} s': '{s} 秒',
  '{n} empties': '空き {n}',
  book: '定石',
  'a move of the opening book': '定石の手',
  yes: 'はい',
  'no — one thread runs everything': 'いいえ — 1 スレッドですべてを実行',
  unknown: '不明',
  'The engine searches on 1 thread here.': 'このページではエンジンは 1 スレッドで探索します。',
  'The engine searches on {n} threads here.': 'このページではエンジンは {n} スレッドで探索します。',
  'This page is not cross-origin isolated, so the engine runs on one thread (slower; stopping restarts it).':
    'このページはクロスオリジン分離されていないため、エンジンは 1 スレッドで動きます（遅く、停止するとエンジンを再起動します）。',
  '{n} nodes/s': '{n} ノード/秒',
  '{n} nodes': '{n} ノード',
  stopped: '停止',
  // Grades of the analysis.
  inaccuracy: '疑問手',
  mistake: '悪手',
  blunder: '大悪手',
  ', {loss} a move, accuracy {acc} %': '、1 手平均 {loss} 石損、正確さ {acc} %',
  '{black}; {white}.': '{black}；{white}。',
  ' ({n} of them from the opening book, in italics)': '（うち {n} 手は定石の値、斜体）',
  // The opening trainer.
  'Opening trainer: learn a line by playing it': 'オープニング・トレーナー：打って定石を覚える',
  Line: '手順',
  "The book's best lines": '定石の最善手順',
  'You play': 'あなたの色',
  'A miss: a loss of more than': 'ミスとする損失：',
  '1 disc': '1 石超',
  '2 discs': '2 石超',
  '3 discs': '3 石超',
  '4 discs': '4 石超',
  '6 discs': '6 石超',
  'Moves past the opening': '定石の後の手数',
  'Start a line': '練習を始める',
  'Stop training': '練習をやめる',
  'The page plays the other side: the opening\'s moves, then what tournament players played, each as often as they played it. A move of yours that loses more than the chosen discs against the best (the book\'s values, else the engine\'s at medium) is not played: you see the better move and try again. Lines you missed come back first next time.':
    '相手の色はページが打ちます。まず定石の手順、その後は大会で打たれた手を、打たれた頻度に応じて選びます。あなたの手が最善より選んだ石数を超えて損する場合（定石の値、なければ「中級」のエンジンの値）、その手は打たれず、より良い手が示されて打ち直せます。ミスした手順は次回最初に出題されます。',
  'A line you missed before comes back first.': '前回ミスした手順から出題します。',
  'Training stopped: the game left the drill.': '練習を終了しました：対局が練習の手順から外れました。',
  'The game ended.': '対局が終わりました。',
  'You played {n} moves past the opening.': '定石の後を {n} 手打ちました。',
  'Your move as {side}.': 'あなた（{side}）の番です。',
  'The book and the games end here.': '定石と棋譜はここまでです。',
  '{opening} goes {move} here.': '{opening}ではここは {move} です。',
  'Checking {move}…': '{move} を確認中…',
  '{move} loses {loss} discs: {better} keeps {value}.': '{move} は {loss} 石の損です：{better} なら {value}。',
  '{move}: the best move.': '{move}：最善手です。',
  '{move}: good, {loss} discs from the best.': '{move}：好手、最善との差は {loss} 石です。',
  'Try again.': 'もう一度どうぞ。',
  'Line done without a miss: {why}': 'ミスなしで手順を終えました：{why}',
  'Line done with one miss ({why}): it comes back first next time.': '1 回ミスして手順を終えました（{why}）：次回はこの手順から出題します。',
  'Line done with {n} misses ({why}): it comes back first next time.': '{n} 回ミスして手順を終えました（{why}）：次回はこの手順から出題します。',
  'Training stopped.': '練習を終了しました。',
  'Lines known: {known} of {tried} tried; {missed} to review.': '覚えた手順：{tried} 手順中 {known}、復習 {missed}。',
  'No line tried yet with this opening and side.': 'この手順と色ではまだ練習していません。',
  'The explorer is hidden while you train.': '練習中はエクスプローラーを隠しています。',
};

/** `english` in the page's language, with `{name}` filled from `values`. */
export function t(english, values = {}) {
  const s = (lang === 'ja' && JA[english]) || english;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in values ? values[k] : `{${k}}`));
}

/** A colour's name in the page's language. */
export const colour = (c) => t(c === 'black' ? 'Black' : 'White');

const ATTRS = ['title', 'aria-label', 'placeholder'];

/** The page's own text, titles, labels and placeholders in the page's language. */
export function translatePage(root = document.body) {
  if (lang !== 'ja') return;
  document.documentElement.lang = 'ja';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const key = n.nodeValue.replace(/\s+/g, ' ').trim();
    if (key && JA[key] && n.parentElement?.closest('script, style, code, kbd, output, .mono') == null) {
      n.nodeValue = n.nodeValue.replace(n.nodeValue.trim(), JA[key]);
    }
  }
  for (const el of root.querySelectorAll(ATTRS.map((a) => `[${a}]`).join(','))) {
    for (const a of ATTRS) {
      const v = el.getAttribute(a);
      if (v && JA[v]) el.setAttribute(a, JA[v]);
    }
  }
}

// The Language menu, beside the Theme menu in the header: a choice is kept
// and the page reloads in it.
export function addLanguageMenu() {
  const brand = document.querySelector('header.site .brand');
  if (!brand || document.getElementById('lang')) return;
  const label = document.createElement('label');
  label.className = 'theme';
  label.append(t('Language'), ' ');
  const select = document.createElement('select');
  select.id = 'lang';
  select.append(new Option('English', 'en'), new Option('日本語', 'ja'));
  select.value = lang;
  select.addEventListener('change', () => {
    try { localStorage.setItem(KEY, select.value); } catch { /* not kept: this page only */ }
    location.reload();
  });
  label.append(select);
  brand.append(label);
}
