"""A pixel agent (Lite-ResNet) learns small grid worlds with GRPO, then plays new ones.

    python examples/grid_world.py            # about 4 minutes on a laptop CPU
    python examples/grid_world.py --tiny     # 4x4 grids, a few steps (a smoke test)

GRPO from the first step, no warm-up: each step plays G episodes from the same start
and rewards reaching the goal (minus a small cost per move and a penalty for lava).
The agent then plays held-out grids it never trained on; --gif saves one as a GIF.
Uses only studio.api (docs/api.md).
"""

import argparse

from studio import api

TINY = {
    "model.channels": 8,
    "task.size": 4,
    "task.min_size": 4,
    "task.levels": 1,
    "task.max_steps": 8,
    "stages.grpo.steps": 3,
    "stages.grpo.batch_size": 2,
    "grpo.num_generations": 4,
    "eval.size": 4,
    "eval.every": 0,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", default="runs", help="folder that holds the run")
    parser.add_argument("--gif", help="save the first held-out episode to this GIF file")
    parser.add_argument("--tiny", action="store_true", help="tiny settings: a smoke test")
    args = parser.parse_args()

    settings = {"training.device": "cpu", **(TINY if args.tiny else {})}
    trainer = api.GRPOTrainer(api.load_preset("quick_grid_world", settings), save_dir=args.runs)
    for record in trainer.records():
        if record["kind"] == "eval":
            print(f"step {record['step']:4d} held-out success {record['eval/success']:.0%}")
        elif record["kind"] == "done":
            print(f"{record['reason']} at step {record['step']}; run folder: {trainer.run_dir}")

    run = api.load_run(trainer.run_dir)
    for index in range(3):
        episode = run.act(index)
        print(
            f"grid {index}: {episode['moves'] or '(no move)'}  {episode['outcome']} after "
            f"{episode['steps']} moves (shortest {episode['shortest']})"
        )
        if index == 0 and args.gif:
            from PIL import Image  # Pillow comes with the studio

            frames = [
                Image.fromarray(f).resize((128, 128), Image.NEAREST) for f in episode["frames"]
            ]
            frames[0].save(args.gif, save_all=True, append_images=frames[1:], duration=250, loop=0)
            print(f"saved {args.gif}")


if __name__ == "__main__":
    main()
