//! scratch
use grundy::games::octal::sparse::SparseSolver;
use grundy::games::octal::Octal;
fn main() {
    let code = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let game: Octal = code.parse().unwrap();
    let t = std::time::Instant::now();
    let mut s = SparseSolver::new(&game);
    s.extend_to(n).unwrap();
    println!("{:?} {:?}", t.elapsed(), s.split());
}
