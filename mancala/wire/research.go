package wire

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"strconv"
	"sync"

	"github.com/seed8ebe013a/go-mancala/mancala"
	"github.com/seed8ebe013a/go-mancala/mancala/env"
)

// The research commands (docs/engine.md, "Research commands"): the
// action space and observation of a game (env_spec), a compact step of
// one position (step), and vector environments held by a line session
// (vec_create, vec_step, vec_reset, vec_close).

// EnvSpecRequest asks for the action space, observation and horizon of
// Game under Rules.
type EnvSpecRequest struct {
	Game  string `json:"game"`
	Rules string `json:"rules,omitempty"`
}

// EnvSpec describes a game under its rules for a learning environment:
// the number of action ids (docs/design.md, "Action ids"), the bytes of
// one packed mask ((Actions+7)/8), the seat observation, the horizon in
// plies ([Horizon]) and the start position.
type EnvSpec struct {
	Game        string          `json:"game"`
	Rules       string          `json:"rules"`
	Actions     int             `json:"actions"`
	MaskBytes   int             `json:"maskBytes"`
	Observation SeatObservation `json:"observation"`
	Horizon     int             `json:"horizon"`
	Start       string          `json:"start"`
}

// StepRequest is one step of one position (the step command): Action is
// the action id played in Position, or Move the move in the game's
// notation ("xb3", as think answers it; at most one of the two; neither:
// play nothing, only describe Position, as at a reset); Plies is the number of plies of the episode
// before Position (for the horizon), Horizon the truncation ply count (0
// for the game's [Horizon], at most MaxHorizon).
type StepRequest struct {
	Position string `json:"position"`
	Action   *int   `json:"action,omitempty"`
	Move     string `json:"move,omitempty"`
	Plies    int    `json:"plies,omitempty"`
	Horizon  int    `json:"horizon,omitempty"`
}

// StepResponse is the position after a step and what a learning loop
// needs of it: the player to move ("S" or "N"), the plies of the episode
// (the request's Plies, plus one if a move was played), the reward of
// the step for South and for North (+1 for the winner of a game the move
// ended, -1 for the loser, 0 otherwise), whether the game ended
// (Terminated) or reached the horizon without ending (Truncated), the
// result ("S:nomove", "draw:endless"; "*" while the game goes on), the
// action ids of the legal moves in increasing order (none once the game
// is over), the move text of each of those ids (Moves[i] is Legal[i]'s,
// in the game's notation), and the seat observations ([SeatObservation]) from South's
// seat (Obs[0]) and North's (Obs[1]).
type StepResponse struct {
	Position   string     `json:"position"`
	ToMove     string     `json:"toMove"`
	Plies      int        `json:"plies"`
	Reward     [2]float64 `json:"reward"`
	Terminated bool       `json:"terminated"`
	Truncated  bool       `json:"truncated"`
	Result     string     `json:"result"`
	Legal      []int      `json:"legal"`
	Moves      []string   `json:"moves"`
	Obs        [2][]int   `json:"obs"`
}

// researchOps is what a game's adapter offers to the research commands.
type researchOps interface {
	vecMaker
	envSpec(rules string) (EnvSpec, error)
	observeSeat(rules, pos string, seat mancala.Player) (Observation, error)
	step(req StepRequest) (StepResponse, error)
}

func research(g gameOps) (researchOps, error) {
	r, ok := g.(researchOps)
	if !ok {
		return nil, errorf(CodeInternal, "wire: the game has no research commands")
	}
	return r, nil
}

func (a *adapter[P, M]) envSpec(rules string) (EnvSpec, error) {
	start, err := a.d.New(rules)
	if err != nil {
		return EnvSpec{}, fromErr(err)
	}
	n := a.d.Actions(start)
	r := a.d.Rules(start)
	o, err := env.NewObserver(a.d, start)
	if err != nil {
		return EnvSpec{}, errorf(CodeInternal, "wire: %s", err.Error())
	}
	return EnvSpec{Game: a.d.Name, Rules: r, Actions: n, MaskBytes: (n + 7) / 8,
		Observation: seatSpec(o), Horizon: a.d.Horizon(start), Start: start.String()}, nil
}

func (a *adapter[P, M]) step(req StepRequest) (StepResponse, error) {
	d := a.d
	p, err := a.parse(req.Position)
	if err != nil {
		return StepResponse{}, err
	}
	horizon := req.Horizon
	if horizon == 0 {
		horizon = d.Horizon(p)
	}
	if horizon < 1 || horizon > MaxHorizon {
		return StepResponse{}, errorf(CodeBadRequest, "wire: horizon must be 1..%d plies (0 for the game's), got %d", MaxHorizon, horizon)
	}
	if req.Plies < 0 || req.Plies > MaxHorizon {
		return StepResponse{}, errorf(CodeBadRequest, "wire: plies must be 0..%d, got %d", MaxHorizon, req.Plies)
	}
	plies := req.Plies
	var resp StepResponse
	if req.Action != nil && req.Move != "" {
		return StepResponse{}, errorf(CodeBadRequest, "wire: give action or move, not both")
	}
	if req.Action != nil || req.Move != "" {
		what := "move " + quote(req.Move)
		if req.Action != nil {
			what = "action " + strconv.Itoa(*req.Action)
		}
		if o := p.Outcome(); o.Over() {
			return StepResponse{}, errorf(CodeGameOver, "wire: %s: the game is over (%s)", what, o.Result())
		}
		var m M
		if req.Action != nil {
			if m, err = d.ActionMove(p, *req.Action); err != nil {
				return StepResponse{}, errorf(CodeBadRequest, "wire: %s", err.Error())
			}
		} else if m, err = d.ParseMove(req.Move); err != nil {
			return StepResponse{}, fromErr(err)
		}
		q, err := p.Apply(m)
		if err != nil {
			return StepResponse{}, errorf(CodeIllegal, "wire: %s: %s", what, err.Error())
		}
		p = q
		plies++
		if o := p.Outcome(); o.Status == mancala.Win {
			resp.Reward[o.Winner] = 1
			resp.Reward[o.Winner.Other()] = -1
		}
	}
	o := p.Outcome()
	resp.Position = p.String()
	resp.ToMove = p.ToMove().Letter()
	resp.Plies = plies
	resp.Terminated = o.Over()
	resp.Truncated = !o.Over() && plies >= horizon
	resp.Result = o.Result()
	var maskBuf [640]bool
	resp.Legal = []int{}
	resp.Moves = []string{}
	for id, f := range d.AppendMask(p, maskBuf[:0]) {
		if f {
			m, err := d.ActionMove(p, id)
			if err != nil {
				return StepResponse{}, errorf(CodeInternal, "wire: legal action %d has no move: %v", id, err)
			}
			resp.Legal = append(resp.Legal, id)
			resp.Moves = append(resp.Moves, m.String())
		}
	}
	v, err := observer(d, p)
	if err != nil {
		return StepResponse{}, err
	}
	resp.Obs[0], resp.Obs[1] = seatValues(v, p, mancala.South), seatValues(v, p, mancala.North)
	return resp, nil
}

// VecCreateResponse answers vec_create: the new environment's handle
// Env (for vec_step, vec_reset and vec_close), its [VecInfo], and the
// first observations and masks ([VecState], rewards 0).
type VecCreateResponse struct {
	Env int `json:"env"`
	VecInfo
	VecState
}

// VecState is the state of every environment of a vector environment
// after a step or reset, arrays as standard base64 (with padding) of
// little-endian fixed-width values, n the number of environments, L the
// observation's length, B the mask bytes, k the number of environments
// whose game ended in this step:
//
//	obs          uint8   (n, L)  each environment's seat observation (self-play: the seat to move; with an opponent: the agent's);
//	                             with bothSeats (n, 2, L): South's seat, then North's
//	mask         uint8   (n, B)  legal action ids, bit-packed: id a is bit a%8 of byte a/8 (numpy.unpackbits(..., bitorder="little"))
//	reward       float32 (n)     the step's reward for the seat that acted (self-play: the player who moved; else the agent): +1 win, -1 loss, 0
//	terminated   uint8   (n)     1 if the game ended in this step
//	truncated    uint8   (n)     1 if it reached the horizon without ending
//	toMove       uint8   (n)     the player to move in the returned position: 0 South, 1 North
//	plies        int32   (n)     plies of the returned position's episode (0 or the opponent's first plies after a reset)
//	endedIndex   int32   (k)     the environments that ended (terminated or truncated), in increasing order
//	finalObs     uint8   (k, L)  their last observation, before the reset (Gymnasium's final_obs); (k, 2, L) with bothSeats
//	finalResult  int8    (k)     their result for South: +1 South won, -1 North won, 0 draw or truncated
//
// An environment that ended is reset in the same step (Gymnasium's
// AutoresetMode.SAME_STEP): obs, mask, toMove and plies describe the new
// game's start, reward, terminated and truncated the step that ended the
// old one.
type VecState struct {
	Ended       int    `json:"ended"`
	Obs         string `json:"obs"`
	Mask        string `json:"mask"`
	Reward      string `json:"reward"`
	Terminated  string `json:"terminated"`
	Truncated   string `json:"truncated"`
	ToMove      string `json:"toMove"`
	Plies       string `json:"plies"`
	EndedIndex  string `json:"endedIndex"`
	FinalObs    string `json:"finalObs"`
	FinalResult string `json:"finalResult"`
}

// VecStepRequest steps the vector environment Env: Actions is the
// standard base64 of n little-endian int32 action ids, one per
// environment.
type VecStepRequest struct {
	Env     int    `json:"env"`
	Actions string `json:"actions"`
}

// VecResetRequest restarts every environment of Env; Seed, if given,
// replaces the seed of the opponent's random streams.
type VecResetRequest struct {
	Env  int     `json:"env"`
	Seed *uint64 `json:"seed,omitempty"`
}

// VecCloseRequest drops the vector environment Env.
type VecCloseRequest struct {
	Env int `json:"env"`
}

// VecCloseResponse answers vec_close: the number of vector environments
// the session still holds.
type VecCloseResponse struct {
	Open int `json:"open"`
}

// vecKey is the session key of a session's vector environments.
type vecKey struct{}

// vecSession holds the vector environments of one session.
type vecSession struct {
	mu   sync.Mutex
	next int
	envs map[int]*vecHandle
}

// vecHandle is one vector environment with its answer buffers.
type vecHandle struct {
	mu      sync.Mutex
	ops     vecOps
	out     vecArrays
	actions []int32
	raw     []byte
}

func sessionVecs(sess *Session) *vecSession {
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if v, ok := sess.values[vecKey{}].(*vecSession); ok {
		return v
	}
	v := &vecSession{envs: map[int]*vecHandle{}}
	if sess.values == nil {
		sess.values = map[any]any{}
	}
	sess.values[vecKey{}] = v
	return v
}

func (vs *vecSession) get(env int) (*vecHandle, error) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	h, ok := vs.envs[env]
	if !ok {
		return nil, errorf(CodeBadRequest, "wire: no vector environment %d in this session (vec_create makes one)", env)
	}
	return h, nil
}

var b64 = base64.StdEncoding

func (h *vecHandle) state() VecState {
	o := &h.out
	return VecState{Ended: len(o.ended) / 4,
		Obs: b64.EncodeToString(o.obs), Mask: b64.EncodeToString(o.mask), Reward: b64.EncodeToString(o.reward),
		Terminated: b64.EncodeToString(o.terminated), Truncated: b64.EncodeToString(o.truncated),
		ToMove: b64.EncodeToString(o.toMove), Plies: b64.EncodeToString(o.plies),
		EndedIndex: b64.EncodeToString(o.ended), FinalObs: b64.EncodeToString(o.finalObs),
		FinalResult: b64.EncodeToString(o.finalResult)}
}

// VecCreate makes a vector environment in sess (at most MaxVecPerSession
// at once) and answers its handle, description and first state.
func (s *Service) VecCreate(ctx context.Context, sess *Session, cfg VecConfig) (VecCreateResponse, error) {
	g, err := s.game(cfg.Game)
	if err != nil {
		return VecCreateResponse{}, err
	}
	r, err := research(g)
	if err != nil {
		return VecCreateResponse{}, err
	}
	vs := sessionVecs(sess)
	vs.mu.Lock()
	open := len(vs.envs)
	vs.mu.Unlock()
	if open >= MaxVecPerSession {
		return VecCreateResponse{}, errorf(CodeTooLarge, "wire: a session holds at most %d vector environments (vec_close one)", MaxVecPerSession)
	}
	ops, err := r.newVec(cfg)
	if err != nil {
		return VecCreateResponse{}, err
	}
	h := &vecHandle{ops: ops}
	if err := ops.reset(ctx, cfg.Seed, &h.out); err != nil {
		return VecCreateResponse{}, err
	}
	vs.mu.Lock()
	if len(vs.envs) >= MaxVecPerSession {
		vs.mu.Unlock()
		return VecCreateResponse{}, errorf(CodeTooLarge, "wire: a session holds at most %d vector environments (vec_close one)", MaxVecPerSession)
	}
	vs.next++
	id := vs.next
	vs.envs[id] = h
	vs.mu.Unlock()
	return VecCreateResponse{Env: id, VecInfo: ops.info(), VecState: h.state()}, nil
}

// VecStep steps the vector environment req.Env of sess.
func (s *Service) VecStep(ctx context.Context, sess *Session, req VecStepRequest) (VecState, error) {
	h, err := sessionVecs(sess).get(req.Env)
	if err != nil {
		return VecState{}, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	n := h.ops.info().N
	if b64.DecodedLen(len(req.Actions)) > 4*n+3 {
		return VecState{}, errorf(CodeBadRequest, "wire: actions: want the base64 of %d int32 (%d bytes)", n, 4*n)
	}
	if cap(h.raw) < 4*n+3 {
		h.raw = make([]byte, 4*n+3)
		h.actions = make([]int32, n)
	}
	k, err := b64.Decode(h.raw[:cap(h.raw)], []byte(req.Actions))
	if err != nil || k != 4*n {
		return VecState{}, errorf(CodeBadRequest, "wire: actions: want the standard base64 of %d little-endian int32 (%d bytes)", n, 4*n)
	}
	for i := range n {
		h.actions[i] = int32(binary.LittleEndian.Uint32(h.raw[4*i:]))
	}
	if err := h.ops.step(ctx, h.actions[:n], &h.out); err != nil {
		var we *Error
		if errors.As(err, &we) {
			return VecState{}, we
		}
		return VecState{}, errorf(CodeInternal, "wire: %s", err.Error())
	}
	return h.state(), nil
}

// VecReset restarts every environment of req.Env.
func (s *Service) VecReset(ctx context.Context, sess *Session, req VecResetRequest) (VecState, error) {
	h, err := sessionVecs(sess).get(req.Env)
	if err != nil {
		return VecState{}, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	seed := h.ops.seed()
	if req.Seed != nil {
		seed = *req.Seed
	}
	if err := h.ops.reset(ctx, seed, &h.out); err != nil {
		return VecState{}, err
	}
	return h.state(), nil
}

// VecClose drops req.Env from sess.
func (s *Service) VecClose(sess *Session, req VecCloseRequest) (VecCloseResponse, error) {
	vs := sessionVecs(sess)
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if _, ok := vs.envs[req.Env]; !ok {
		return VecCloseResponse{}, errorf(CodeBadRequest, "wire: no vector environment %d in this session", req.Env)
	}
	delete(vs.envs, req.Env)
	return VecCloseResponse{Open: len(vs.envs)}, nil
}

// EnvSpec answers env_spec.
func (s *Service) EnvSpec(req EnvSpecRequest) (EnvSpec, error) {
	g, err := s.game(req.Game)
	if err != nil {
		return EnvSpec{}, err
	}
	r, err := research(g)
	if err != nil {
		return EnvSpec{}, err
	}
	return r.envSpec(req.Rules)
}

// Step answers step: one action id played in one position.
func (s *Service) Step(req StepRequest) (StepResponse, error) {
	g, err := s.gameOf(req.Position, "")
	if err != nil {
		return StepResponse{}, err
	}
	r, err := research(g)
	if err != nil {
		return StepResponse{}, err
	}
	return r.step(req)
}

// researchCommands returns the research commands of s.
func (s *Service) researchCommands() []Command {
	return []Command{
		NewCommand("env_spec", Lines, WorkPool, func(_ context.Context, _ *Session, r EnvSpecRequest) (EnvSpec, error) { return s.EnvSpec(r) }),
		NewCommand("step", Lines, WorkPool, func(_ context.Context, _ *Session, r StepRequest) (StepResponse, error) { return s.Step(r) }),
		NewCommand("vec_create", Lines, NoPool, func(ctx context.Context, sess *Session, r VecConfig) (VecCreateResponse, error) {
			return s.VecCreate(ctx, sess, r)
		}),
		NewCommand("vec_step", Lines, NoPool, func(ctx context.Context, sess *Session, r VecStepRequest) (VecState, error) {
			return s.VecStep(ctx, sess, r)
		}),
		NewCommand("vec_reset", Lines, NoPool, func(ctx context.Context, sess *Session, r VecResetRequest) (VecState, error) {
			return s.VecReset(ctx, sess, r)
		}),
		NewCommand("vec_close", Lines, NoPool, func(_ context.Context, sess *Session, r VecCloseRequest) (VecCloseResponse, error) {
			return s.VecClose(sess, r)
		}),
	}
}

// observeSeat is the observation command with a seat: the seat
// observation of the start of rules or of pos, with its names and bounds.
func (a *adapter[P, M]) observeSeat(rules, pos string, seat mancala.Player) (Observation, error) {
	p, err := a.startOf(rules, pos)
	if err != nil {
		return Observation{}, err
	}
	v, err := observer(a.d, p)
	if err != nil {
		return Observation{}, err
	}
	return observation(a.d, v, p, seat), nil
}
