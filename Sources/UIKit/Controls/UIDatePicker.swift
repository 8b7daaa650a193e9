import CoreGraphics
import Foundation

/// Wheels for picking a date, a time or a duration (UIKit's `UIDatePicker`, wheels style), in the locale's order
/// and clock: month, day and year as the locale writes them ("MMMM d, y" in the US, "d MMMM y" in Britain); hours
/// 1–12 with AM/PM or 0–23 as the locale's clock is; minutes in steps of `minuteInterval`.
///
/// Turning a wheel changes `date` (or `countDownDuration`) when it settles and sends `.valueChanged`; a day past the
/// end of the month turns back to the month's last day, and a date outside `minimumDate...maximumDate` turns back
/// inside. Setting `date` sends nothing.
@preconcurrency @MainActor
open class UIDatePicker: UIControl, UIPickerViewDataSource, UIPickerViewDelegate {
    /// What the wheels pick (UIKit's values).
    public enum Mode: Int, Sendable {
        case time = 0, date, dateAndTime, countDownTimer
    }

    /// How the picker is shown; every style shows wheels here (see the porting notes in <doc:PortingAnIOSApp>).
    public enum Style: Int, Sendable {
        case automatic = 0, wheels, compact, inline
    }

    open var datePickerMode: Mode = .dateAndTime { didSet { rebuild() } }
    /// Asked for; the picker shows wheels whatever is asked.
    open var preferredDatePickerStyle: Style = .automatic
    /// Always `.wheels`.
    open var datePickerStyle: Style { .wheels }
    /// The locale whose order, names and clock the wheels use (the current one when nil).
    open var locale: Locale? { didSet { rebuild() } }
    open var calendar: Calendar! {
        get { storedCalendar }
        set { storedCalendar = newValue ?? Calendar(identifier: .gregorian); rebuild() }
    }
    private var storedCalendar = Calendar(identifier: .gregorian)
    open var timeZone: TimeZone? { didSet { rebuild() } }
    /// The date shown (in date and time modes).
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    private var storedDate = Date()
    open var minimumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    open var maximumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    /// Minutes move in these steps (1...30, dividing 60; others are taken as 1).
    open var minuteInterval: Int = 1 { didSet { rebuild() } }
    /// The duration shown in `.countDownTimer` mode, in seconds (whole minutes, below a day).
    open var countDownDuration: TimeInterval {
        get { storedDuration }
        set { storedDuration = Swift.min(Swift.max(0, (newValue / 60).rounded(.down) * 60), 23 * 3600 + 59 * 60); showValue(animated: false) }
    }
    private var storedDuration: TimeInterval = 0

    /// The wheels.
    let picker = UIPickerView()

    /// One wheel's meaning.
    private enum Column: Equatable { case month, day, year, weekday, hour, minute, meridiem, hours, minutes }
    private var columns: [Column] = []
    /// Day-wheel rows (date and time mode): days from `dayOrigin`.
    private var dayOrigin = Date()
    private static let dayRange = 2000
    private let yearRange = 1...9999

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        picker.dataSource = self
        picker.delegate = self
        addSubview(picker)
        rebuild()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: 216) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 320, height: 216) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        picker.frame = bounds
    }

    // MARK: Values

    private var effectiveLocale: Locale { locale ?? .current }
    private var workingCalendar: Calendar {
        var c = storedCalendar
        c.locale = effectiveLocale
        c.timeZone = timeZone ?? .current
        return c
    }
    private var step: Int { (1...30).contains(minuteInterval) && 60 % minuteInterval == 0 ? minuteInterval : 1 }
    /// What the locale makes of the wheels, worked out when they are rebuilt (not for every row shown): its clock,
    /// its names of months and of the halves of the day, and the day wheel's format.
    private var uses12Hours = false
    private let names = DateFormatter()
    private let dayFormatter = DateFormatter()

    /// Sets the date (clamped to the range; minutes to the interval when the interval is above 1); `animated`: the
    /// wheels turn to it. Sends nothing.
    open func setDate(_ date: Date, animated: Bool) {
        var d = date
        if let minimumDate, d < minimumDate { d = minimumDate }
        if let maximumDate, d > maximumDate { d = maximumDate }
        storedDate = d
        showValue(animated: animated)
    }

    /// The wheels in the locale's order for the mode.
    private func rebuild() {
        uses12Hours = (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: effectiveLocale) ?? "").contains("a")
        names.locale = effectiveLocale
        dayFormatter.locale = effectiveLocale
        dayFormatter.timeZone = workingCalendar.timeZone
        dayFormatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
        let format = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: effectiveLocale) ?? "MMMM d, y"
        var dateOrder: [(String.Index, Column)] = []
        if let m = format.firstIndex(of: "M") { dateOrder.append((m, .month)) }
        if let d = format.firstIndex(of: "d") { dateOrder.append((d, .day)) }
        if let y = format.firstIndex(of: "y") { dateOrder.append((y, .year)) }
        let time: [Column] = uses12Hours ? [.hour, .minute, .meridiem] : [.hour, .minute]
        switch datePickerMode {
        case .date: columns = dateOrder.sorted { $0.0 < $1.0 }.map(\.1)
        case .time: columns = time
        case .dateAndTime:
            columns = [.weekday] + time
            dayOrigin = workingCalendar.startOfDay(for: storedDate)
        case .countDownTimer: columns = [.hours, .minutes]
        }
        picker.reloadAllComponents()
        showValue(animated: false)
    }

    /// Turns the wheels to the current value.
    private func showValue(animated: Bool) {
        let cal = workingCalendar
        let parts = cal.dateComponents([.year, .month, .day, .hour, .minute], from: storedDate)
        for (i, column) in columns.enumerated() {
            let row: Int
            switch column {
            case .month: row = (parts.month ?? 1) - 1
            case .day: row = (parts.day ?? 1) - 1
            case .year: row = (parts.year ?? 2000) - yearRange.lowerBound
            case .weekday:
                let days = cal.dateComponents([.day], from: dayOrigin, to: cal.startOfDay(for: storedDate)).day ?? 0
                row = days + Self.dayRange
            case .hour: row = uses12Hours ? ((parts.hour ?? 0) + 11) % 12 : (parts.hour ?? 0)
            case .minute: row = (parts.minute ?? 0) / step
            case .meridiem: row = (parts.hour ?? 0) < 12 ? 0 : 1
            case .hours: row = Int(storedDuration) / 3600
            case .minutes: row = (Int(storedDuration) % 3600) / 60 / step
            }
            picker.selectRow(row, inComponent: i, animated: animated)
        }
    }

    // MARK: The wheels' data

    public func numberOfComponents(in pickerView: UIPickerView) -> Int { columns.count }

    public func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
        switch columns[component] {
        case .month: return 12
        case .day: return 31
        case .year: return yearRange.count
        case .weekday: return 2 * Self.dayRange + 1
        case .hour: return uses12Hours ? 12 : 24
        case .minute, .minutes: return 60 / step
        case .meridiem: return 2
        case .hours: return 24
        }
    }

    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        let weights: [Column: CGFloat] = [.month: 3, .day: 1.2, .year: 1.8, .weekday: 3.5, .hour: 1, .minute: 1, .meridiem: 1,
                                          .hours: 2, .minutes: 2]
        let total = columns.reduce(0) { $0 + (weights[$1] ?? 1) }
        let room = Swift.max(0, pickerView.bounds.width - 16 - 4 * CGFloat(Swift.max(0, columns.count - 1)))
        return room * (weights[columns[component]] ?? 1) / total
    }

    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        switch columns[component] {
        case .month: return names.monthSymbols[row]
        case .day: return String(row + 1)
        case .year: return String(row + yearRange.lowerBound)
        case .weekday:
            let cal = workingCalendar
            guard let day = cal.date(byAdding: .day, value: row - Self.dayRange, to: dayOrigin) else { return nil }
            if cal.isDate(day, inSameDayAs: Date()) { return "Today" }
            return dayFormatter.string(from: day)
        case .hour: return uses12Hours ? String(row == 0 ? 12 : row) : String(format: "%02d", row)
        case .minute: return String(format: "%02d", row * step)
        case .meridiem: return row == 0 ? names.amSymbol : names.pmSymbol
        case .hours: return "\(row) \(row == 1 ? "hour" : "hours")"
        case .minutes: return "\(row * step) min"
        }
    }

    /// A wheel settled: the value it makes, kept valid (a day past the month's end goes back to its last day; a date
    /// outside the range goes back inside), and `.valueChanged`.
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        if datePickerMode == .countDownTimer {
            let hours = picker.selectedRow(inComponent: 0), minutes = picker.selectedRow(inComponent: 1) * step
            let new = TimeInterval(hours * 3600 + minutes * 60)
            guard new != storedDuration else { return }
            storedDuration = new
            sendActions(for: .valueChanged)
            return
        }
        let cal = workingCalendar
        var parts = cal.dateComponents([.year, .month, .day, .hour, .minute], from: storedDate)
        var hour12 = uses12Hours ? ((parts.hour ?? 0) + 11) % 12 + 1 : 0
        var pm = (parts.hour ?? 0) >= 12
        var dayOffset: Int?
        for (i, column) in columns.enumerated() {
            let r = picker.selectedRow(inComponent: i)
            switch column {
            case .month: parts.month = r + 1
            case .day: parts.day = r + 1
            case .year: parts.year = r + yearRange.lowerBound
            case .weekday: dayOffset = r - Self.dayRange
            case .hour: if uses12Hours { hour12 = r == 0 ? 12 : r } else { parts.hour = r }
            case .minute: parts.minute = r * step
            case .meridiem: pm = r == 1
            default: break
            }
        }
        if uses12Hours && columns.contains(.hour) { parts.hour = hour12 % 12 + (pm ? 12 : 0) }
        if let dayOffset, let day = cal.date(byAdding: .day, value: dayOffset, to: dayOrigin) {
            let d = cal.dateComponents([.year, .month, .day], from: day)
            parts.year = d.year; parts.month = d.month; parts.day = d.day
        }
        // A day the month does not have: its last day.
        if let year = parts.year, let month = parts.month,
           let first = cal.date(from: DateComponents(year: year, month: month, day: 1)),
           let days = cal.range(of: .day, in: .month, for: first)?.count, (parts.day ?? 1) > days {
            parts.day = days
        }
        guard let new = cal.date(from: parts) else { return }
        let before = storedDate
        setDate(new, animated: true)
        if storedDate != before { sendActions(for: .valueChanged) }
    }

    override var primaryActionEvents: Event { .valueChanged }
}
