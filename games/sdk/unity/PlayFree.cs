// PlayFree SDK for Unity WebGL builds: the C# side of PlayFree.jslib (games/sdk/README.md, "Unity").
// Put PlayFree.jslib in Assets/Plugins/WebGL/ and this file anywhere under Assets/, and load the
// SDK in the WebGL template's index.html before Unity's loader:
//     <script src="/__playfree/sdk.js"></script>
// In the Editor and on other platforms every call does nothing and every answer is stand-alone's.
// MIT licensed.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using UnityEngine;

public class PlayFree : MonoBehaviour
{
    /// <summary>The answer to an ad break (games/sdk/README.md, Ads).</summary>
    [Serializable]
    public class AdBreakResult
    {
        public bool shown;
        public bool rewarded;
        /// <summary>Why no break was shown: "unfilled", "capped", "kids" or "no-gesture"; empty otherwise.</summary>
        public string reason;
    }

    /// <summary>The answer to Save: where the save is now ("account" or "device") and the data kept, or an error.</summary>
    [Serializable]
    public class SaveResult<T>
    {
        public string stored;
        public T data;
        public string error;
    }

    /// <summary>A save as the portal sends it (Load's answer, SaveChanged's JSON): null `data` when there is none.</summary>
    [Serializable]
    public class SaveData<T>
    {
        public T data;
    }

    [Serializable]
    class Reply
    {
        public int id = 0; // set by JsonUtility
    }

#if UNITY_WEBGL && !UNITY_EDITOR
    [DllImport("__Internal")] static extern void PlayFree_Loaded();
    [DllImport("__Internal")] static extern void PlayFree_GameplayStart();
    [DllImport("__Internal")] static extern void PlayFree_GameplayStop();
    [DllImport("__Internal")] static extern void PlayFree_Score(double value);
    [DllImport("__Internal")] static extern void PlayFree_Level(int value);
    [DllImport("__Internal")] static extern void PlayFree_HappyMoment();
    [DllImport("__Internal")] static extern void PlayFree_GameOver(double finalScore);
    [DllImport("__Internal")] static extern void PlayFree_UnlockMedal(string medalId);
    [DllImport("__Internal")] static extern int PlayFree_IsEmbedded();
    [DllImport("__Internal")] static extern int PlayFree_IsMuted();
    [DllImport("__Internal")] static extern void PlayFree_Listen(string gameObject);
    [DllImport("__Internal")] static extern void PlayFree_AdBreak(string kind, string gameObject, string method, int requestId);
    [DllImport("__Internal")] static extern void PlayFree_Save(string json, string gameObject, string method, int requestId);
    [DllImport("__Internal")] static extern void PlayFree_Load(string gameObject, string method, int requestId);
    [DllImport("__Internal")] static extern string PlayFree_LocalSave();
    static readonly bool OnTheWeb = true;
#else
    static void PlayFree_Loaded() { }
    static void PlayFree_GameplayStart() { }
    static void PlayFree_GameplayStop() { }
    static void PlayFree_Score(double value) { }
    static void PlayFree_Level(int value) { }
    static void PlayFree_HappyMoment() { }
    static void PlayFree_GameOver(double finalScore) { }
    static void PlayFree_UnlockMedal(string medalId) { }
    static int PlayFree_IsEmbedded() { return 0; }
    static int PlayFree_IsMuted() { return 0; }
    static void PlayFree_Listen(string gameObject) { }
    static void PlayFree_AdBreak(string kind, string gameObject, string method, int requestId) { }
    static void PlayFree_Save(string json, string gameObject, string method, int requestId) { }
    static void PlayFree_Load(string gameObject, string method, int requestId) { }
    static string PlayFree_LocalSave() { return "null"; }
    static readonly bool OnTheWeb = false;
#endif

    static PlayFree instance;

    /// <summary>The one PlayFree object, made on first use and kept across scenes (SendMessage finds it by name).</summary>
    public static PlayFree Instance
    {
        get
        {
            if (instance == null)
            {
                var host = new GameObject("PlayFree");
                DontDestroyOnLoad(host);
                instance = host.AddComponent<PlayFree>();
                PlayFree_Listen(host.name);
            }
            return instance;
        }
    }

    public event Action Paused;
    public event Action Resumed;
    public event Action<bool> MuteChanged;
    /// <summary>The player signed in and their account holds another save: JSON of { data }, read with SaveData&lt;T&gt;.</summary>
    public event Action<string> SaveChanged;

    // Answers still awaited, by request id: a break refused at once can answer before an earlier one ends.
    readonly Dictionary<int, Action<string>> waiting = new Dictionary<int, Action<string>>();
    int nextRequest = 1;

    int Await(Action<string> answer)
    {
        var id = nextRequest++;
        waiting[id] = answer;
        return id;
    }

    public void Loaded() { PlayFree_Loaded(); }
    public void GameplayStart() { PlayFree_GameplayStart(); }
    public void GameplayStop() { PlayFree_GameplayStop(); }
    public void Score(double value) { PlayFree_Score(value); }
    public void Level(int value) { PlayFree_Level(value); }
    public void HappyMoment() { PlayFree_HappyMoment(); }
    public void GameOver(double finalScore) { PlayFree_GameOver(finalScore); }
    public void UnlockMedal(string medalId) { PlayFree_UnlockMedal(medalId); }
    public bool IsEmbedded { get { return PlayFree_IsEmbedded() == 1; } }
    public bool IsMuted { get { return PlayFree_IsMuted() == 1; } }

    /// <summary>A break between levels. The game is paused and muted by the portal meanwhile.</summary>
    public void MidgameBreak(Action<AdBreakResult> done) { AskForBreak("midgame", done); }

    /// <summary>A rewarded break: call it from a tap or click handler; give the reward only when `rewarded`.</summary>
    public void RewardedBreak(Action<AdBreakResult> done) { AskForBreak("rewarded", done); }

    void AskForBreak(string kind, Action<AdBreakResult> done)
    {
        if (!OnTheWeb) { done(new AdBreakResult { reason = "unfilled" }); return; }
        var id = Await(json => done(JsonUtility.FromJson<AdBreakResult>(json)));
        PlayFree_AdBreak(kind, gameObject.name, "OnPlayFreeReply", id);
    }

    /// <summary>Saves `data` (a [Serializable] class, at most 64 KB as JSON) to the player's account, or the device.</summary>
    public void Save<T>(T data, Action<SaveResult<T>> done)
    {
        if (!OnTheWeb) { done(new SaveResult<T> { stored = "device", data = data }); return; }
        var id = Await(json => done(JsonUtility.FromJson<SaveResult<T>>(json)));
        PlayFree_Save(JsonUtility.ToJson(data), gameObject.name, "OnPlayFreeReply", id);
    }

    /// <summary>Loads the player's save: `default` (null for a class) when there is none.</summary>
    public void Load<T>(Action<T> done)
    {
        if (!OnTheWeb) { done(default(T)); return; }
        var id = Await(json => done(JsonUtility.FromJson<SaveData<T>>(json).data));
        PlayFree_Load(gameObject.name, "OnPlayFreeReply", id);
    }

    /// <summary>The device copy of the save at once, without asking the portal (JSON text, "null" for none).</summary>
    public string LocalSaveJson() { return PlayFree_LocalSave(); }

    // Called by PlayFree.jslib through SendMessage.
    void OnPlayFreeReply(string json)
    {
        var id = JsonUtility.FromJson<Reply>(json).id;
        Action<string> answer;
        if (!waiting.TryGetValue(id, out answer)) return;
        waiting.Remove(id);
        answer(json);
    }
    void OnPlayFreePause(string _) { if (Paused != null) Paused(); }
    void OnPlayFreeResume(string _) { if (Resumed != null) Resumed(); }
    void OnPlayFreeMute(string muted) { if (MuteChanged != null) MuteChanged(muted == "1"); }
    void OnPlayFreeSaveChange(string json) { if (SaveChanged != null) SaveChanged(json); }
}
